import { type DbOrTx, jobs } from '@estately/db';
import type { FavoriteAlertChange, Locale, SavedSearchAlertKind } from '@estately/domain';

/**
 * The e-mails the product sends and the values each template fills in. The worker renders
 * them per locale (the recipient's preferredLanguage) as HTML and plain text. Links are
 * absolute URLs to the web app, built by the operation that queues the e-mail.
 */
export interface EmailTemplateData {
  /** A visitor wrote to a seller about an offer (issue 4). */
  offer_message: {
    offer_id: number;
    offer_url: string;
    offer_type: string;
    property_type: string;
    address: string;
    recipient_name: string | null;
    lead_id: number;
    message_id: number;
    sender_name: string;
    sender_email: string;
    sender_phone: string | null;
    text: string;
    tour_date: string | null;
    /** The seller's page of the conversation, to answer in the product (issue 38 point 10). */
    thread_url?: string;
  };
  /** The seller answered in a lead thread: to the buyer, with the link to read and answer. */
  lead_reply: {
    thread_id: number;
    message_id: number;
    thread_url: string;
    offer_url: string;
    offer_type: string;
    property_type: string;
    address: string;
    seller_name: string | null;
    buyer_name: string | null;
    text: string;
  };
  /** The buyer answered in a lead thread: to the seller, with the link to the thread. */
  lead_answer: {
    thread_id: number;
    message_id: number;
    thread_url: string;
    offer_type: string;
    property_type: string;
    address: string;
    recipient_name: string | null;
    buyer_name: string;
    text: string;
  };
  /** Confirm the address given at sign-up, or asked for again (issue 5). */
  confirm_email: { confirmUrl: string; expiresInHours: number };
  /** Confirm a new login address before it replaces the old one (PATCH /users/me/change-login-email). */
  change_email: { confirmUrl: string; newEmail: string; expiresInHours: number };
  /** Told to the old address once the login address has changed. */
  email_changed: { newEmail: string };
  /** Password recovery link (both recovery flows of spec 7). */
  reset_password: { resetUrl: string; expiresInHours: number };
  /** Told after a password change or reset, so an unexpected change is noticed. */
  password_changed: { changedAt: string };
  /** "Still available?" (decision 065): to the seller of an offer not updated for 14 days, with two signed links. */
  availability_check: AvailabilityEmailOffer & {
    available_url: string;
    sold_url: string;
    /** The offer's last update or confirmation, ISO 8601. */
    updated_at: string;
    /** From when the offer shows "not confirmed recently" without an answer, and when it is withdrawn. */
    unconfirmed_at: string;
    withdraw_at: string;
  };
  /** The offer was withdrawn after 30 days without an answer (decision 065). */
  availability_withdrawn: AvailabilityEmailOffer & { asked_at: string };
  /** Issue 44 point 3 (decision 071): an invitation to a shared search board, with its one-time link. */
  board_invitation: { board_name: string; inviter_name: string; accept_url: string; expires_in_days: number };
  /** Saved-search digest (issue 6): new or cheaper offers matching a watch-dog. */
  saved_search_alert: {
    searchName: string;
    searchUrl: string;
    unsubscribeUrl: string;
    /** `kind`: why the offer is news (absent in digests queued before issue 44: a new offer). */
    offers: Array<{
      title: string;
      url: string;
      price: string;
      photoUrl: string | null;
      kind?: SavedSearchAlertKind;
    }>;
  };
  /**
   * Changes of offers the person favourited (issue 44 point 2, decision 070): price drops and
   * state changes, each linking to the offer's timeline; `oldPrice` is the price before a drop.
   */
  favorite_alert: {
    favoritesUrl: string;
    unsubscribeUrl: string;
    changes: Array<{
      change: FavoriteAlertChange;
      title: string;
      url: string;
      price: string;
      oldPrice: string | null;
      photoUrl: string | null;
    }>;
  };
}

/** The offer an availability e-mail is about, and its seller's own offers page. */
export interface AvailabilityEmailOffer {
  property_id: number;
  offer_url: string;
  offers_url: string;
  offer_type: string;
  property_type: string;
  address: string;
  recipient_name: string | null;
}

export type EmailTemplate = keyof EmailTemplateData;
export const EMAIL_TEMPLATES = [
  'offer_message',
  'confirm_email',
  'change_email',
  'email_changed',
  'reset_password',
  'password_changed',
  'saved_search_alert',
  'lead_reply',
  'lead_answer',
  'availability_check',
  'availability_withdrawn',
  'favorite_alert',
  'board_invitation',
] as const satisfies readonly EmailTemplate[];

export interface EmailJobPayload<T extends EmailTemplate = EmailTemplate> {
  template: T;
  /** Recipient address. */
  to: string;
  /** Language the e-mail is written in (the recipient's preferred language). */
  locale: Locale;
  /** Values the template fills in. */
  data: EmailTemplateData[T];
  /** Address replies go to (e.g. the visitor who wrote to a seller). */
  replyTo?: string;
}

/**
 * Attempts before an e-mail job is given up: with the worker's backoff (30 s doubling, at most
 * an hour apart) about 13 hours of mail-server outage are bridged.
 */
export const EMAIL_MAX_ATTEMPTS = 20;

/**
 * Queues an e-mail in the `jobs` outbox as `email.<template>` (DESIGN 6, 7). Pass the
 * transaction of the change that causes the e-mail: the job then exists exactly when the change
 * does, and the retrying worker sends it later. Returns the job id.
 */
export async function enqueueEmail<T extends EmailTemplate>(
  db: DbOrTx,
  payload: EmailJobPayload<T>,
  options: { dedupeKey?: string; runAt?: Date; maxAttempts?: number } = {},
): Promise<number> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: `email.${payload.template}`,
      payload: { ...payload } as Record<string, unknown>,
      dedupeKey: options.dedupeKey ?? null,
      runAt: options.runAt ?? new Date(),
      maxAttempts: options.maxAttempts ?? EMAIL_MAX_ATTEMPTS,
    })
    .returning({ id: jobs.id });
  if (!row) throw new Error('the outbox did not return the job');
  return row.id;
}
