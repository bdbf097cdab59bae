import { OfferMessageInputSchema, OfferReportInputSchema } from '@estately/domain';
import { ApiError } from '../../api/api-error.ts';

// The contact and report forms of the detail page share their rules with the API: the domain's
// zod schemas validate in the browser, in the route action (no JavaScript) and in the API.

export type OfferFormKind = 'message' | 'report';

/** Message keys of the failing fields, by field name. */
export type FieldErrorKeys = Record<string, string>;

export type OfferFormResult =
  | { form: OfferFormKind; status: 'sent' }
  | { form: OfferFormKind; status: 'invalid'; errors: FieldErrorKeys }
  | { form: OfferFormKind; status: 'failed'; message: string };

/** The form's fields as the API's body (`{offer_message}` or `{offer_report}`), or its errors. */
export function readOfferForm(
  kind: OfferFormKind,
  fields: FormData,
): { ok: true; body: Record<string, unknown> } | { ok: false; errors: FieldErrorKeys } {
  const value = (name: string) => {
    const raw = fields.get(name);
    return typeof raw === 'string' ? raw : undefined;
  };
  const parsed =
    kind === 'message'
      ? OfferMessageInputSchema.safeParse({
          name: value('name'),
          email: value('email'),
          phone: value('phone'),
          text: value('text'),
        })
      : OfferReportInputSchema.safeParse({
          reason: value('reason'),
          text: value('text'),
          email: value('email'),
        });
  if (parsed.success) {
    return {
      ok: true,
      body: kind === 'message' ? { offer_message: parsed.data } : { offer_report: parsed.data },
    };
  }
  const errors: FieldErrorKeys = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '_');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Field errors of the API's 422 answer (`offer_message.email` -> `email`). */
export function apiFieldErrors(error: unknown): FieldErrorKeys | null {
  if (!(error instanceof ApiError) || !error.isValidation || !error.errors) return null;
  const errors: FieldErrorKeys = {};
  for (const [path, keys] of Object.entries(error.errors)) {
    const field = path.split('.').pop() ?? path;
    if (keys[0]) errors[field] ??= keys[0];
  }
  return errors;
}

export function offerFormPath(kind: OfferFormKind, offerId: number): string {
  return `/public/offers/${offerId}/${kind === 'message' ? 'offer_message' : 'offer_report'}`;
}
