import { buildPath } from '@estately/domain';
import { describe, expect, it } from 'vitest';
import { availabilityLinkPath } from '../app/routing/availability-paths.ts';
import { buyerThreadPath } from '../app/routing/leads-paths.ts';
import { propertyDetailPath } from '../app/routing/site-paths.ts';
import { loggedPath } from './access-log.ts';

describe('loggedPath: the access log keeps the path, never a secret in it', () => {
  it('keeps ordinary paths as they are', () => {
    expect(loggedPath('/en')).toBe('/en');
    expect(loggedPath(propertyDetailPath('de', 42))).toBe(propertyDetailPath('de', 42));
    expect(loggedPath('/en/account/messages')).toBe('/en/account/messages');
  });

  it('hides the token of an e-mail confirmation, a password reset, a buyer conversation link and an availability link', () => {
    const secret = 'k3y-0f-the-l1nk_XYZ';
    for (const [path, shown] of [
      [buildPath('authConfirmEmail', 'en', { token: secret }), '/en/auth/confirm-email/:token'],
      [buildPath('authResetPassword', 'cs', { token: secret }), '/cs/auth/reset-password/:token'],
      [buyerThreadPath('en', secret), '/en/messages/:token'],
      [`${buyerThreadPath('fr', secret)}.data`, '/fr/messages/:token'],
      [availabilityLinkPath('ar', secret), '/ar/availability/:token'],
    ] as const) {
      expect(loggedPath(path)).toBe(shown);
      expect(loggedPath(path)).not.toContain(secret);
    }
  });
});
