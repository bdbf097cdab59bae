// "Still available?" (issue 43 point 5, docs/decisions/065): when an offer nobody touched is
// asked about, marked "not confirmed recently" and withdrawn. The sweep in the API runs these
// steps; the numbers live here so the e-mails, the pages and the tests read the same ones.

/** An active offer not updated or confirmed for this many days gets the question. */
export const AVAILABILITY_ASK_AFTER_DAYS = 14;
/** Unanswered this many days after the question: "not confirmed recently", after confirmed offers in the default order. */
export const AVAILABILITY_UNCONFIRMED_AFTER_DAYS = 7;
/** Unanswered this many days after the question: withdrawn (paused) with a notice. The links expire then too. */
export const AVAILABILITY_WITHDRAW_AFTER_DAYS = 30;

/** The two answers of the question's e-mail, each its own signed link. */
export const AVAILABILITY_CHOICES = ['available', 'sold'] as const;
export type AvailabilityChoice = (typeof AVAILABILITY_CHOICES)[number];

const DAY_MS = 86_400_000;

/** When a question sent at `sentAt` has its links expire (the withdrawal). */
export function availabilityLinkExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + AVAILABILITY_WITHDRAW_AFTER_DAYS * DAY_MS);
}

/**
 * The state "sold or rented" moves an offer to: `sold` for a sale, `rented` for a rent (the
 * lifecycle of decision 063 records it in the history).
 */
export function soldStateOf(offerType: string): 'sold' | 'rented' {
  return offerType === 'rent' ? 'rented' : 'sold';
}
