import { loadBrowserApi } from '../../../api/load-browser-api.ts';
import { saveSearchErrors } from './save-search-errors.ts';
import { saveSearchBody } from './save-search-fields.ts';

// The browser's sending of "Save this search" (POST /saved_searches), fetched on the form's first
// submit rather than in the results page's first load.

export type SendOutcome =
  | { status: 'saved'; name: string }
  /** Field errors (message keys by field); `local` when the form was not sent (an empty name). */
  | { status: 'invalid'; errors: Record<string, string>; local: boolean }
  | { status: 'failed'; error: unknown };

/** Sends the form's fields; `onSending` runs once the request is about to go. */
export async function sendSavedSearch(
  apiUrl: string,
  fields: FormData,
  onSending: () => void,
): Promise<SendOutcome> {
  const body = saveSearchBody(fields);
  if (body.name === '') return { status: 'invalid', errors: { name: 'validation.required' }, local: true };
  onSending();
  try {
    await (await loadBrowserApi(apiUrl)).post('/saved_searches', body);
    return { status: 'saved', name: body.name };
  } catch (error) {
    const errors = saveSearchErrors(error);
    return errors ? { status: 'invalid', errors, local: false } : { status: 'failed', error };
  }
}
