import { describe, expect, it } from 'vitest';
import { offerBadges } from './price-per-area.server.ts';
import { responsivenessText } from './responsiveness-text.server.ts';

// Decision 065: the seller's reply figures and the "not confirmed recently" badge in words.

const plain = (text: string | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ');

describe('responsivenessText', () => {
  it('says the share and the usual time in the locale’s words', () => {
    expect(plain(responsivenessText('en', { ratePercent: 92, medianMinutes: 180 }))).toBe(
      'Replies to 92% of messages, usual reply time: 3 hours',
    );
    expect(plain(responsivenessText('cs', { ratePercent: 92, medianMinutes: 180 }))).toBe(
      'Odpovídá na 92 % zpráv, obvyklá doba odpovědi: 3 hodiny',
    );
    expect(responsivenessText('en', { ratePercent: 80, medianMinutes: 25 })).toContain('25 minutes');
    expect(responsivenessText('en', { ratePercent: 80, medianMinutes: 3 * 24 * 60 })).toContain('3 days');
    // Arabic digits and words, right to left in the page.
    expect(responsivenessText('ar', { ratePercent: 92, medianMinutes: 180 })).toMatch(/٩٢|92/);
  });

  it('leaves the time out when nothing was answered', () => {
    expect(plain(responsivenessText('en', { ratePercent: 0, medianMinutes: null }))).toBe(
      'Replies to 0% of messages',
    );
  });
});

describe('the "not confirmed recently" badge', () => {
  const offer = { published_at: null, is_price_reduced: false, price_reduced_percent: null };

  it('comes with the flag only', () => {
    expect(offerBadges({ ...offer, not_confirmed_recently: false }, 'cs', Date.now())).toEqual([]);
    expect(offerBadges({ ...offer, not_confirmed_recently: true }, 'cs', Date.now())).toEqual([
      { kind: 'unconfirmed', text: 'Nedávno nepotvrzeno' },
    ]);
  });
});
