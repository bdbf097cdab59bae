import { ApiError } from '../../../api/api-error.ts';

// The reading of the API's refusal of a save, apart from save-search.ts: the form needs it only
// once a save has failed, so the browser fetches it then (not in the results page's first load).

/**
 * Field errors (message keys by form field) of a refused save: `name` and `frequency` beside
 * their fields, everything else (the filters, the per-account limit) for the whole form.
 */
export function saveSearchErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || !error.isValidation || !error.errors) return null;
  const errors: Record<string, string> = {};
  for (const [path, keys] of Object.entries(error.errors)) {
    const field = path === 'name' || path === 'frequency' ? path : 'form';
    if (keys[0]) errors[field] ??= keys[0];
  }
  return errors;
}
