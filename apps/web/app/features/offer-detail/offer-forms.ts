import { ApiError } from '../../api/api-error.ts';

// The contact and report forms of the detail page share their rules with the API: the domain's
// zod schemas validate in the browser, in the route action (no JavaScript) and in the API
// (offer-form-validation.ts, which the browser loads on demand: zod is not in the first load).

export type OfferFormKind = 'message' | 'report';

/** Message keys of the failing fields, by field name. */
export type FieldErrorKeys = Record<string, string>;

export interface OfferFormTexts {
  sent: string;
  /** The answer to a 409 (the report form: this visitor's report is already open), shown in place of `sent`. */
  conflict?: string;
  /** Validation message keys -> text in the page's locale. */
  validation: Record<string, string>;
}

/** What a form shows of its last submission (offer-form.tsx, submit-offer-form.ts). */
export interface OfferFormState {
  errors: FieldErrorKeys;
  sending: boolean;
  sent: boolean;
  /** The report form's "already reported" (a 409). */
  conflict: boolean;
}

export type OfferFormResult =
  | { form: OfferFormKind; status: 'sent' }
  | { form: OfferFormKind; status: 'invalid'; errors: FieldErrorKeys }
  | { form: OfferFormKind; status: 'failed'; message: string };

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
