import { OfferMessageInputSchema, OfferReportInputSchema } from '@estately/domain';
import type { FieldErrorKeys, OfferFormKind } from './offer-forms.ts';

// The validation of the detail page's contact and report forms with the domain's zod schemas.
// The route action imports it; the browser imports it on demand (first focus or submit of a
// form), so zod stays out of the page's first load.

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
          // The chosen viewing slot, when the visitor asks for one ("" is none).
          tour_date_id: value('tour_date_id') ? Number(value('tour_date_id')) : undefined,
        })
      : OfferReportInputSchema.safeParse({
          // The reason list starts on an empty choice: none chosen is "required".
          reason: value('reason') || undefined,
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
