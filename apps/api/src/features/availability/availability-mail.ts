import type { DbOrTx } from '@estately/db';
import { AVAILABILITY_UNCONFIRMED_AFTER_DAYS, availabilityLinkExpiry, type Locale } from '@estately/domain';
import type { JwtKey } from '../../lib/jwt.ts';
import { enqueueEmail } from '../mail/enqueue-email.ts';
import { signAvailabilityToken } from './availability-token.ts';

/** What the e-mails of the sweep need of an offer and its owner. */
export interface AvailabilityOffer {
  propertyId: number;
  offerType: string;
  propertyType: string;
  street: string | null;
  city: string | null;
  email: string;
  locale: string;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
}

const DAY_MS = 86_400_000;

function recipientName(offer: AvailabilityOffer): string | null {
  const personal = [offer.firstName, offer.lastName].filter(Boolean).join(' ');
  return personal || offer.companyName || null;
}

function common(offer: AvailabilityOffer, web: string) {
  const locale = offer.locale as Locale;
  return {
    locale,
    data: {
      property_id: offer.propertyId,
      offer_url: `${web}/${locale}/property/${offer.propertyId}`,
      offers_url: `${web}/${locale}/account/my-offers`,
      offer_type: offer.offerType,
      property_type: offer.propertyType,
      address: [offer.street, offer.city].filter(Boolean).join(', '),
      recipient_name: recipientName(offer),
    },
  };
}

/** The address of a link's landing page: the page asks once more, then answers (a GET changes nothing). */
export function availabilityLinkUrl(web: string, locale: string, token: string): string {
  return `${web}/${locale}/availability/${token}`;
}

/** Queues the question with its two signed links, in the caller's transaction (once per question). */
export async function enqueueAvailabilityQuestion(
  tx: DbOrTx,
  options: {
    offer: AvailabilityOffer;
    checkId: number;
    /** The offer's last update or confirmation: the clock the question is about. */
    since: Date;
    sentAt: Date;
    keys: readonly JwtKey[];
    web: string;
  },
): Promise<void> {
  const { offer, checkId, keys, web, sentAt } = options;
  const expiresAt = availabilityLinkExpiry(sentAt);
  const { locale, data } = common(offer, web);
  const link = (choice: 'available' | 'sold') =>
    availabilityLinkUrl(web, locale, signAvailabilityToken(keys, { checkId, choice, expiresAt }));
  await enqueueEmail(
    tx,
    {
      template: 'availability_check',
      to: offer.email,
      locale,
      data: {
        ...data,
        available_url: link('available'),
        sold_url: link('sold'),
        updated_at: options.since.toISOString(),
        unconfirmed_at: new Date(
          sentAt.getTime() + AVAILABILITY_UNCONFIRMED_AFTER_DAYS * DAY_MS,
        ).toISOString(),
        withdraw_at: expiresAt.toISOString(),
      },
    },
    { dedupeKey: `email.availability_check:${checkId}` },
  );
}

/** Queues the notice that the offer was withdrawn for want of an answer. */
export async function enqueueAvailabilityWithdrawal(
  tx: DbOrTx,
  options: { offer: AvailabilityOffer; checkId: number; askedAt: Date; web: string },
): Promise<void> {
  const { locale, data } = common(options.offer, options.web);
  await enqueueEmail(
    tx,
    {
      template: 'availability_withdrawn',
      to: options.offer.email,
      locale,
      data: { ...data, asked_at: options.askedAt.toISOString() },
    },
    { dedupeKey: `email.availability_withdrawn:${options.checkId}` },
  );
}
