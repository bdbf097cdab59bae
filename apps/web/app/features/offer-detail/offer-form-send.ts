import { ApiError } from '../../api/api-error.ts';
import { loadBrowserApi } from '../../api/load-browser-api.ts';
import { readOfferForm } from './offer-form-validation.ts';
import { apiFieldErrors, type FieldErrorKeys, type OfferFormKind, offerFormPath } from './offer-forms.ts';

// What a detail-page form does with JavaScript once submitted: check the fields with the domain's
// schemas, then post them to the API. offer-form.tsx fetches this module on the form's first
// focus or submit, so neither zod nor the API client is in the page's first load.

export type OfferFormSendResult =
  | { status: 'sent' }
  /** The fields break a rule (checked here, before anything is sent). */
  | { status: 'invalid'; errors: FieldErrorKeys }
  /** The API refused fields (its 422 answer). */
  | { status: 'refused'; errors: FieldErrorKeys }
  /** Not sent; `conflict` when the API answered 409 (a second report of the offer). */
  | { status: 'failed'; error: unknown; conflict: boolean };

/** Checks and sends a form's fields; `sending` is called once they are valid, before the request. */
export async function sendOfferForm(input: {
  kind: OfferFormKind;
  offerId: number;
  apiUrl: string;
  fields: FormData;
  sending: () => void;
}): Promise<OfferFormSendResult> {
  const read = readOfferForm(input.kind, input.fields);
  if (!read.ok) return { status: 'invalid', errors: read.errors };
  input.sending();
  try {
    const api = await loadBrowserApi(input.apiUrl);
    await api.post(offerFormPath(input.kind, input.offerId), read.body);
    return { status: 'sent' };
  } catch (error) {
    const errors = apiFieldErrors(error);
    if (errors) return { status: 'refused', errors };
    return { status: 'failed', error, conflict: error instanceof ApiError && error.status === 409 };
  }
}
