import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { adminApiFieldErrors, checkRedirectForm, checkResolveForm, checkStrikeForm } from './admin-fields.ts';

// The admin forms' checks (issue 10), the same in the browser and the action: the domain's
// contracts, keeping the redirect keys the account forms' helpers would turn into a generic one.

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

describe('checkRedirectForm', () => {
  it('takes a rule with its status as a number and drops a trailing slash', () => {
    expect(
      checkRedirectForm(form({ from_path: '/cs/stare/', to_url: '/cs', status_code: '302' }), false),
    ).toEqual({
      ok: true,
      data: { from_path: '/cs/stare', to_url: '/cs', status_code: 302 },
    });
  });

  it('keeps the redirect message keys per field', () => {
    const checked = checkRedirectForm(form({ from_path: '/', to_url: 'ftp://x', status_code: '303' }), false);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.from_path?.map((error) => error.key)).toEqual(['redirects.invalid_from_path']);
    expect(checked.errors.to_url?.map((error) => error.key)).toEqual(['redirects.invalid_target']);
    expect(checked.errors.status_code?.map((error) => error.key)).toEqual(['validation.invalid_value']);
  });

  it('asks for the fields of a new rule', () => {
    const checked = checkRedirectForm(form({ from_path: '', to_url: '', status_code: '301' }), false);
    expect(checked.ok ? null : Object.keys(checked.errors).sort()).toEqual(['from_path', 'to_url']);
  });
});

describe('the moderation forms', () => {
  it('needs a strike reason of three characters', () => {
    expect(checkStrikeForm(form({ reason: ' ab ' })).ok).toBe(false);
    expect(checkStrikeForm(form({ reason: 'Fake photos' }))).toEqual({
      ok: true,
      data: { reason: 'Fake photos' },
    });
  });

  it('upholds a report without a strike when the reason is left empty', () => {
    expect(checkResolveForm(form({ strike_reason: '  ' }))).toEqual({ ok: true, data: {} });
    expect(checkResolveForm(form({ strike_reason: 'Fraud' }))).toEqual({
      ok: true,
      data: { strike_reason: 'Fraud' },
    });
  });
});

describe('adminApiFieldErrors', () => {
  it('keeps the API’s redirect keys and nothing else unknown', () => {
    const error = new ApiError({
      status: 422,
      code: 'validation_errors',
      errors: { from_path: ['redirects.from_path_taken'], to_url: ['something.odd'] },
    });
    expect(adminApiFieldErrors(error)).toEqual({
      from_path: [{ key: 'redirects.from_path_taken', values: undefined }],
      to_url: [{ key: 'validation.invalid_value', values: undefined }],
    });
    expect(adminApiFieldErrors(new ApiError({ status: 409, code: 'conflict' }))).toBeNull();
  });
});
