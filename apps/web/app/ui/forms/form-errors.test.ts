import {
  ChangePasswordBodySchema,
  LoginBodySchema,
  PASSWORD_MIN_LENGTH,
  SignupBodySchema,
  UpdateUserBodySchema,
} from '@estately/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { apiFieldErrors, checkForm, formValues, safeReturnPath } from './form-errors.ts';

describe('safeReturnPath', () => {
  it('keeps paths of this site with their query', () => {
    expect(safeReturnPath('/de/account/watch-dogs?tab=1', '/x')).toBe('/de/account/watch-dogs?tab=1');
  });
  it.each([
    ['//evil.example/x'],
    ['https://evil.example/'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    ['account'],
    [''],
    [null],
    ['/ /x'],
  ])('refuses %s', (value) => {
    expect(safeReturnPath(value, '/cs/account')).toBe('/cs/account');
  });
});

describe('checkForm with the shared contracts', () => {
  it('reports every field of an empty sign-in form as required', () => {
    const result = checkForm(LoginBodySchema, { email: '', password: '' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.email?.[0]?.key).toBe('validation.required');
    expect(result.errors.password?.[0]?.key).toBe('validation.required');
  });

  it('gives the password policy its {min} and refuses the e-mail as password', () => {
    const short = checkForm(SignupBodySchema, { email: 'a@b.cz', password: 'abc' });
    expect(short.ok ? null : short.errors.password).toEqual([
      { key: 'validation.password_too_short', values: expect.objectContaining({ min: PASSWORD_MIN_LENGTH }) },
    ]);
    const same = checkForm(SignupBodySchema, { email: 'jana.novak@example.com', password: 'jana.novak' });
    expect(same.ok ? null : same.errors.password?.[0]?.key).toBe('validation.password_same_as_email');
  });

  it('passes a valid profile and reports a bad phone under its field', () => {
    expect(checkForm(UpdateUserBodySchema, { firstName: 'Jana', phoneNumber: '' }).ok).toBe(true);
    const bad = checkForm(UpdateUserBodySchema, { phoneNumber: 'call me' });
    expect(bad.ok ? null : Object.keys(bad.errors)).toEqual(['phoneNumber']);
    expect(checkForm(ChangePasswordBodySchema, { currentPassword: 'x', newPassword: '12345678' }).ok).toBe(
      false,
    );
  });
});

describe('apiFieldErrors', () => {
  it('reads the keys of a 422 answer by field and ignores other failures', () => {
    const error = new ApiError({
      status: 422,
      code: 'validation_errors',
      errors: { email: ['validation.email_taken'], 'filters.price_min': ['validation.number_too_small'] },
    });
    expect(apiFieldErrors(error)).toMatchObject({
      email: [{ key: 'validation.email_taken' }],
      filters: [{ key: 'validation.number_too_small' }],
    });
    expect(apiFieldErrors(new ApiError({ status: 401 }))).toBeNull();
    expect(apiFieldErrors(new Error('x'))).toBeNull();
  });
});

describe('formValues', () => {
  it('reads text fields as strings and checkboxes as booleans', () => {
    const form = new FormData();
    form.set('email', 'a@b.cz');
    form.set('is_subscribed_to_updates', 'on');
    expect(formValues(form, ['email', 'password'], ['is_subscribed_to_updates', 'other'])).toEqual({
      email: 'a@b.cz',
      password: '',
      is_subscribed_to_updates: true,
      other: false,
    });
  });
});
