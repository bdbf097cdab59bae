import { describe, expect, it } from 'vitest';
import { offerBadges } from '../../ui/offers/price-per-area.server.ts';
import { offerDetailFixture } from './offer-detail-fixture.ts';
import { offerHistoryView } from './offer-history-view.server.ts';

const plain = (text: string | null | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ') ?? '';

const offer = {
  ...offerDetailFixture,
  currency_iso_code: 'EUR' as const,
  history: [
    {
      date: '2026-03-12T09:00:00.000Z',
      kind: 'listed' as const,
      price: 208_000,
      currency: 'EUR' as const,
      original_price: 5_200_000,
      original_currency: 'CZK' as const,
      change_percent: null,
    },
    {
      date: '2026-04-03T09:00:00.000Z',
      kind: 'price_change' as const,
      price: 199_680,
      currency: 'EUR' as const,
      original_price: 4_992_000,
      original_currency: 'CZK' as const,
      change_percent: -4,
    },
    {
      date: '2026-05-20T09:00:00.000Z',
      kind: 'withdrawn' as const,
      price: 199_680,
      currency: 'EUR' as const,
      original_price: 4_992_000,
      original_currency: 'CZK' as const,
      change_percent: null,
    },
  ],
  first_listed_at: '2026-03-12T09:00:00.000Z',
  days_on_market: 69,
};

describe('offerHistoryView', () => {
  it('words each entry in the locale, the converted price first and the seller’s beside a priced line', () => {
    const view = offerHistoryView(offer, 'cs');
    expect(
      view?.entries.map((entry) => [plain(entry.date), plain(entry.text), plain(entry.original)]),
    ).toEqual([
      ['12. března 2026', 'Zveřejněno za 208 000 €', 'v měně prodávajícího 5 200 000 Kč'],
      ['3. dubna 2026', 'Cena snížena o 4 % na 200 000 €', 'v měně prodávajícího 4 992 000 Kč'],
      ['20. května 2026', 'Staženo z nabídky', ''],
    ]);
    expect(plain(view?.daysOnMarket)).toBe('V nabídce 69 dní, poprvé zveřejněno 12. března 2026');
    expect(plain(offerHistoryView(offer, 'en')?.entries[1]?.text)).toBe('Price reduced by 4% to €200,000');
  });

  it('has nothing to show without entries', () => {
    expect(offerHistoryView({ ...offer, history: [] }, 'en')).toBeNull();
  });
});

describe('the reduced badge', () => {
  it('says by how much while the card carries the percent', () => {
    const card = { published_at: null, is_price_reduced: true };
    expect(plain(offerBadges({ ...card, price_reduced_percent: 4 }, 'cs', Date.now())[0]?.text)).toBe(
      'Zlevněno o 4 %',
    );
    expect(offerBadges({ ...card, price_reduced_percent: null }, 'cs', Date.now())[0]?.text).toBe('Zlevněno');
  });
});
