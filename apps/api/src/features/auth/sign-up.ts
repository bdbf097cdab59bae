import { type Db, users } from '@estately/db';
import type { AccountType, CompanySignupBody, Locale, SignupBody, SignupResponse } from '@estately/domain';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createEmailConfirmation } from './create-email-confirmation.ts';
import { issueTokenPair } from './issue-token-pair.ts';
import { recordSecurityEvent, type SecurityContext } from './record-security-event.ts';
import { isUniqueViolation } from './secret-token.ts';

export type SignUpInput =
  | { accountType: 'person'; body: SignupBody }
  | { accountType: 'company'; body: CompanySignupBody };

export interface SignUpOptions {
  db: Db;
  config: Pick<Config, 'jwt' | 'tokens' | 'publicWebUrl'>;
  input: SignUpInput;
  /** The body's `locale`, else the Accept-Language match, else the default locale. */
  locale: Locale;
  context: SecurityContext;
}

function emailTaken(): AppError {
  return new AppError('validation_errors', { errors: { email: ['validation.email_taken'] } });
}

/** The columns a company sign-up fills besides the common ones. */
function companyColumns(body: CompanySignupBody): Partial<typeof users.$inferInsert> {
  return {
    companyName: body.company_name,
    // Its offers' seller type (issue 42): an agency unless the company says otherwise.
    companyKind: body.company_kind ?? 'agency',
    companyRegistrationNumber: body.registration_number,
    companyVatNumber: body.vat_number ?? null,
    addressStreet: body.address_street,
    addressStreetNumbers: body.address_street_numbers ?? null,
    addressZip: body.address_zip,
    addressCity: body.address_city,
    addressCountryCode: body.country_code ?? null,
    firstName: body.contact_first_name,
    lastName: body.contact_last_name,
  };
}

/**
 * POST /auth/signup and POST /auth/signup/company (spec 7, issue 5). Creates the account with
 * an argon2id hash of the password, unverified, and in the same transaction a confirmation
 * token with its `confirm_email` e-mail in the outbox, the first token pair (so the new user is
 * signed in at once: unverified users may sign in) and a `signup` security event.
 *
 * An e-mail that already has an account answers 422 `validation.email_taken`: a sign-up form
 * cannot hide that without leaving the person stuck, and the per-address rate limit bounds
 * probing. Recovery and confirmation requests never reveal it.
 */
export async function signUp(options: SignUpOptions): Promise<SignupResponse> {
  const { db, config, input, locale, context } = options;
  const { body } = input;
  // Hashing takes a while and needs no transaction; it runs before one is opened.
  const passwordHash = await hashPassword(body.password);
  const accountType: AccountType = input.accountType;
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, body.email))
        .limit(1);
      if (existing) throw emailTaken();
      const [user] = await tx
        .insert(users)
        .values({
          email: body.email,
          passwordHash,
          accountType,
          preferredLanguage: locale,
          countryCode: body.country_code ?? null,
          isSubscribedToUpdates: body.is_subscribed_to_updates,
          notifyNewsletter: body.is_subscribed_to_updates,
          ...(input.accountType === 'company' ? companyColumns(input.body) : {}),
        })
        .returning({ id: users.id, email: users.email, verified: users.verified });
      if (!user) throw new Error('the users table did not return the new account');
      await createEmailConfirmation(tx, {
        userId: user.id,
        email: user.email,
        locale,
        publicWebUrl: config.publicWebUrl,
      });
      const tokens = await issueTokenPair(tx, config, { userId: user.id, context });
      await recordSecurityEvent(tx, {
        kind: 'signup',
        userId: user.id,
        email: user.email,
        context,
        details: { accountType },
      });
      return {
        ...tokens,
        user: {
          id: user.id,
          email: user.email,
          accountType,
          verified: user.verified,
          preferredLanguage: locale,
        },
      };
    });
  } catch (error) {
    // Two sign-ups for one address at once: the unique index lets one through.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
