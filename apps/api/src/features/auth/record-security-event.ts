import { type DbOrTx, securityEvents } from '@estately/db';

/** Who did it: the request's client and, when known, the account. */
export interface SecurityContext {
  ip: string | null;
  userAgent: string | null;
}

/**
 * Appends to the audit log of security events (logins, failures, token reuse, resets). Pass the
 * transaction of the change the event belongs to, or the database for a failure that changes
 * nothing else.
 */
export async function recordSecurityEvent(
  db: DbOrTx,
  event: {
    kind: string;
    userId?: number | null;
    email?: string | null;
    context: SecurityContext;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(securityEvents).values({
    kind: event.kind,
    userId: event.userId ?? null,
    email: event.email ?? null,
    ip: event.context.ip,
    userAgent: event.context.userAgent?.slice(0, 500) ?? null,
    details: event.details ?? {},
  });
}
