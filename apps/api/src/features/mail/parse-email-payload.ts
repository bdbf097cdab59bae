import { FAVORITE_ALERT_CHANGES, isLocale, type Locale, SAVED_SEARCH_ALERT_KINDS } from '@estately/domain';
import { negotiateLocale } from '@estately/i18n';
import { z } from 'zod';
import { PermanentEmailError } from './email-errors.ts';
import {
  EMAIL_TEMPLATES,
  type EmailJobPayload,
  type EmailTemplate,
  type EmailTemplateData,
} from './enqueue-email.ts';

// The worker reads payloads that were written by another release, possibly long ago: it checks
// them against the template's shape before rendering, so a bad one fails with a clear reason
// instead of an e-mail with "undefined" in it.

const text = z.string().trim().min(1);
const hours = z.number().positive();

const availabilityOffer = {
  property_id: z.number().int(),
  offer_url: text,
  offers_url: text,
  offer_type: z.string(),
  property_type: z.string(),
  address: z.string(),
  recipient_name: z.string().nullable(),
};
const instant = z.iso.datetime({ offset: true });

const DATA_SCHEMAS: { [T in EmailTemplate]: z.ZodType<EmailTemplateData[T]> } = {
  offer_message: z.object({
    offer_id: z.number().int(),
    offer_url: text,
    offer_type: z.string(),
    property_type: z.string(),
    address: z.string(),
    recipient_name: z.string().nullable(),
    lead_id: z.number().int(),
    message_id: z.number().int(),
    sender_name: text,
    sender_email: z.email(),
    sender_phone: z.string().nullable(),
    text: text,
    tour_date: z.string().nullable(),
    thread_url: text.optional(),
  }),
  lead_reply: z.object({
    thread_id: z.number().int(),
    message_id: z.number().int(),
    thread_url: text,
    offer_url: text,
    offer_type: z.string(),
    property_type: z.string(),
    address: z.string(),
    seller_name: z.string().nullable(),
    buyer_name: z.string().nullable(),
    text: text,
  }),
  lead_answer: z.object({
    thread_id: z.number().int(),
    message_id: z.number().int(),
    thread_url: text,
    offer_type: z.string(),
    property_type: z.string(),
    address: z.string(),
    recipient_name: z.string().nullable(),
    buyer_name: text,
    text: text,
  }),
  availability_check: z.object({
    ...availabilityOffer,
    available_url: text,
    sold_url: text,
    updated_at: instant,
    unconfirmed_at: instant,
    withdraw_at: instant,
  }),
  availability_withdrawn: z.object({ ...availabilityOffer, asked_at: instant }),
  board_invitation: z.object({
    board_name: z.string(),
    inviter_name: z.string(),
    accept_url: text,
    expires_in_days: z.number().int().positive(),
  }),
  confirm_email: z.object({ confirmUrl: text, expiresInHours: hours }),
  change_email: z.object({ confirmUrl: text, newEmail: z.email(), expiresInHours: hours }),
  email_changed: z.object({ newEmail: z.email() }),
  reset_password: z.object({ resetUrl: text, expiresInHours: hours }),
  password_changed: z.object({ changedAt: z.iso.datetime({ offset: true }) }),
  saved_search_alert: z.object({
    // Names and titles are shown as given; an empty one must not cost anyone their alert.
    searchName: z.string(),
    searchUrl: text,
    unsubscribeUrl: text,
    offers: z.array(
      z.object({
        title: z.string(),
        url: text,
        price: z.string(),
        photoUrl: z.string().nullable(),
        kind: z.enum(SAVED_SEARCH_ALERT_KINDS).optional(),
      }),
    ),
  }),
  favorite_alert: z.object({
    favoritesUrl: text,
    unsubscribeUrl: text,
    changes: z
      .array(
        z.object({
          change: z.enum(FAVORITE_ALERT_CHANGES),
          title: z.string(),
          url: text,
          price: z.string(),
          oldPrice: z.string().nullable(),
          photoUrl: z.string().nullable(),
        }),
      )
      .min(1),
  }),
};

const EnvelopeSchema = z.object({
  template: z.enum(EMAIL_TEMPLATES),
  to: z.email(),
  locale: z.string(),
  data: z.record(z.string(), z.unknown()),
  replyTo: z.email().optional(),
});

function describe(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`).join('; ');
}

/**
 * The locale to write in. A language tag that is not one of the 30 (a stored `de-DE`, say) gets
 * the closest of them, and anything else English (spec 4: English is the fallback language):
 * a password reset is better received in English than not at all.
 */
function emailLocale(value: string): Locale {
  return isLocale(value) ? value : (negotiateLocale(value) ?? 'en');
}

/** The payload of an `email.*` job, checked; throws a permanent error when it cannot be sent. */
export function parseEmailPayload(kind: string, payload: unknown): EmailJobPayload {
  const envelope = EnvelopeSchema.safeParse(payload);
  if (!envelope.success) throw new PermanentEmailError(`invalid e-mail job: ${describe(envelope.error)}`);
  if (kind !== `email.${envelope.data.template}`)
    throw new PermanentEmailError(`job kind ${kind} does not match template ${envelope.data.template}`);
  const data = DATA_SCHEMAS[envelope.data.template].safeParse(envelope.data.data);
  if (!data.success)
    throw new PermanentEmailError(`invalid ${envelope.data.template} data: ${describe(data.error)}`);
  return {
    template: envelope.data.template,
    to: envelope.data.to,
    locale: emailLocale(envelope.data.locale),
    data: data.data,
    ...(envelope.data.replyTo ? { replyTo: envelope.data.replyTo } : {}),
  } as EmailJobPayload;
}
