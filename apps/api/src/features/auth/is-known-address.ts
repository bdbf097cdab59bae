import { type Db, securityEvents, users } from '@estately/db';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';

/** How long a sign-in from an address keeps it known to the account. */
export const KNOWN_ADDRESS_DAYS = 90;

/** The events that show the account's owner used an address: they had the password then. */
const OWNER_EVENTS = ['login_succeeded', 'signup', 'password_reset', 'password_changed'];

/**
 * Whether the account of `email` was signed in to (or signed up, or had its password set) from
 * `network` within KNOWN_ADDRESS_DAYS: an address as its budget key (IPv4 whole, IPv6 by its
 * /64: plugins/app/visitor.ts budgetAddress). Issue 37 point 7: failures from such addresses
 * do not spend the account's budget that strangers share, so strangers cannot lock the owner
 * out of signing in or recovering the account from where they usually do. Asked the same way
 * for unknown e-mails (no row), so the answer's timing says nothing about accounts.
 */
export async function isKnownAddress(db: Db, email: string, network: string): Promise<boolean> {
  const [row] = await db
    .select({ known: sql<boolean>`true` })
    .from(securityEvents)
    .innerJoin(users, eq(users.id, securityEvents.userId))
    .where(
      and(
        eq(users.email, email),
        inArray(securityEvents.kind, OWNER_EVENTS),
        sql`${securityEvents.ip} <<= ${network}::inet`,
        gt(securityEvents.createdAt, sql`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}
