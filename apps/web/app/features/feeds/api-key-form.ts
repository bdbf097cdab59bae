import { type API_KEY_SCOPES, type CreateApiKeyBody, CreateApiKeyBodySchema } from '@estately/domain';
import type { FieldErrors } from '../../ui/forms/form-errors.ts';
import { contractErrors } from './contract-errors.ts';

// The new API key's form (issue 42): a name and scopes (a checkbox each, the same field name),
// checked with the API's contract in the browser before sending and in the action. No
// server-only imports: this reaches the browser.

export const API_KEY_FIELDS = ['name', 'scopes'] as const;
export const API_KEY_FIELD_VALUES = { name: { max: 100 } } as const;

/** The scope's message key: `listings:write` is `api_keys.scope.listings_write`. */
export function scopeKey(scope: (typeof API_KEY_SCOPES)[number]) {
  return `api_keys.scope.${scope.replace(':', '_') as 'listings_read' | 'listings_write'}` as const;
}

export function checkApiKeyForm(form: {
  get(name: string): FormDataEntryValue | null;
  getAll(name: string): FormDataEntryValue[];
}): { ok: true; body: CreateApiKeyBody } | { ok: false; errors: FieldErrors } {
  const result = CreateApiKeyBodySchema.safeParse({
    name: String(form.get('name') ?? ''),
    scopes: form.getAll('scopes').map(String),
  });
  if (result.success) return { ok: true, body: result.data };
  return { ok: false, errors: contractErrors(result.error.issues, API_KEY_FIELD_VALUES) };
}
