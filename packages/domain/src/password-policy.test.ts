import { describe, expect, it } from 'vitest';
import { checkPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-policy.ts';

describe('password policy', () => {
  it('accepts a long, uncommon password', () => {
    expect(checkPassword('correct horse battery', { email: 'jana@example.com' })).toEqual([]);
    expect(checkPassword('Tr4vel-Brno-2026')).toEqual([]);
  });

  it('refuses an empty password as missing', () => {
    expect(checkPassword('')).toEqual(['validation.required']);
  });

  it('refuses passwords shorter than the minimum, counting characters not bytes', () => {
    expect(checkPassword('x7#kq9!')).toEqual(['validation.password_too_short']);
    expect(checkPassword('x7#kq9!m')).toEqual([]);
    // Seven emoji are seven characters even though they are fourteen UTF-16 units; eight pass.
    expect(checkPassword('🏠🏡🏢🏣🏤🏥🏦')).toEqual(['validation.password_too_short']);
    expect(checkPassword('🏠🏡🏢🏣🏤🏥🏦🏨')).toEqual([]);
    expect(PASSWORD_MIN_LENGTH).toBe(8);
  });

  it('refuses passwords longer than the maximum', () => {
    const longest = 'ab3#'.repeat(PASSWORD_MAX_LENGTH / 4);
    expect(checkPassword(longest)).toEqual([]);
    expect(checkPassword(`${longest}x`)).toEqual(['validation.password_too_long']);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
    // The cap counts characters: 128 emoji (256 UTF-16 units) still fit.
    expect(checkPassword('🏠🏡🏢🏣'.repeat(32))).toEqual([]);
  });

  it('accepts passwords in any script', () => {
    expect(checkPassword('пароль-дом-2026')).toEqual([]);
    expect(checkPassword('كلمة سر طويلة')).toEqual([]);
    expect(checkPassword('家を探しています')).toEqual([]);
  });

  it('refuses the e-mail or its local part, whatever the case', () => {
    expect(checkPassword('Jana.Novakova@Example.com', { email: 'jana.novakova@example.com' })).toEqual([
      'validation.password_same_as_email',
    ]);
    expect(checkPassword('jana.novakova', { email: 'jana.novakova@example.com' })).toEqual([
      'validation.password_same_as_email',
    ]);
    expect(checkPassword('jana.novakova', { email: 'other@example.com' })).toEqual([]);
  });

  it('refuses common passwords and runs', () => {
    for (const password of [
      'Password123',
      'password',
      'iloveyou',
      'P@ssw0rd',
      '12345678',
      'qwerty123',
      'qwertyuiop',
      '1234567890',
      '0987654321',
      'aaaaaaaaaa',
      'abababababab',
      '1234512345',
      'abcdefghijk',
    ]) {
      expect(checkPassword(password), password).toEqual(['validation.password_too_common']);
    }
  });
});
