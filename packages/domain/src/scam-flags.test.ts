import { describe, expect, it } from 'vitest';
import {
  accountBurstRule,
  contactDetailsRule,
  copiedPhotosRule,
  hasNewScamReasons,
  messageScamVerdict,
  offerScamVerdict,
  paymentLinkRule,
  paymentWordsRule,
  priceRule,
  SCAM_FLAG_THRESHOLD,
  SCAM_HOLD_THRESHOLD,
  SCAM_REASON_WEIGHTS,
  scamText,
} from './scam-flags.ts';

const codes = (reasons: { code: string }[]) => reasons.map((item) => item.code);
const median = { perM2: 100_000, offers: 40 };
const price = (priceNormalized: number | null, area: number | null = 50) => ({
  priceNormalized,
  usefulAreaMeters: area,
  priceVariant: 'fixed',
  median,
});

describe('priceRule', () => {
  it('names a price per m² far below the area median, with the ratio for the admin', () => {
    expect(priceRule(price(1_500_000))).toEqual([
      {
        code: 'price_far_below_median',
        weight: 45,
        detail: { ratio: 0.3, median_per_m2: 100_000, offers: 40 },
      },
    ]);
    expect(codes(priceRule(price(2_500_000)))).toEqual(['price_below_median']);
  });

  it('says nothing of a cheap but plausible price, a price on request, a tiny area or a thin median', () => {
    expect(priceRule(price(3_000_000))).toEqual([]);
    expect(priceRule({ ...price(1_000_000), priceVariant: 'on_request' })).toEqual([]);
    expect(priceRule(price(null))).toEqual([]);
    expect(priceRule(price(10_000, 6))).toEqual([]);
    expect(priceRule({ ...price(1_000_000), median: { perM2: 100_000, offers: 7 } })).toEqual([]);
    expect(priceRule({ ...price(1_000_000), median: null })).toEqual([]);
  });
});

describe('copiedPhotosRule', () => {
  it('flags photos found in another account’s offer only', () => {
    expect(copiedPhotosRule({ otherSellersOffers: 2 })).toEqual([
      { code: 'photos_of_other_seller', weight: 45, detail: { offers: 2 } },
    ]);
    expect(copiedPhotosRule({ otherSellersOffers: 0 })).toEqual([]);
  });
});

describe('paymentWordsRule', () => {
  it.each([
    ['en', 'Please pay a deposit of 500 EUR before the viewing, then I send you the keys.'],
    ['cs', 'Zálohu 10 000 Kč pošlete před prohlídkou na můj účet.'],
    ['sk', 'Zálohu prosím zaplaťte pred obhliadkou.'],
    ['pl', 'Proszę o wpłatę kaucji przed oglądaniem mieszkania.'],
    ['de', 'Die Kaution muss vor der Besichtigung überwiesen werden.'],
    ['fr', 'Merci de verser un acompte avant la visite.'],
    ['it', 'È necessario versare la caparra prima della visita.'],
    ['es', 'Debe pagar la fianza antes de la visita.'],
    ['pt', 'É preciso pagar o sinal antes da visita.'],
    ['nl', 'De borg moet u betalen voor de bezichtiging.'],
    ['hr', 'Polog je potrebno uplatiti prije razgledavanja.'],
    ['sr-Cyrl', 'Депозит треба уплатити пре разгледања стана.'],
    ['bg', 'Депозитът се плаща преди огледа на имота.'],
    ['el', 'Η προκαταβολή πληρώνεται πριν την επίσκεψη.'],
    ['tr', 'Kapora evi görmeden önce ödenmelidir.'],
    ['ar', 'يجب دفع العربون قبل المعاينة.'],
  ])('finds an advance payment before a viewing in %s', (_language, text) => {
    expect(codes(paymentWordsRule(text))).toContain('advance_payment');
  });

  it('finds keys by post, transfer services, crypto, wire transfers and the owner abroad', () => {
    expect(codes(paymentWordsRule('The keys will be sent to you by courier.'))).toEqual(['advance_payment']);
    expect(codes(paymentWordsRule('Platba přes Western Union.'))).toEqual(['transfer_service']);
    expect(codes(paymentWordsRule('Zahlung in Bitcoin möglich.'))).toEqual(['crypto_payment']);
    expect(codes(paymentWordsRule('Payment by international wire transfer.'))).toEqual(['wire_transfer']);
    expect(codes(paymentWordsRule('Momentálně pracuji v zahraničí.'))).toEqual(['owner_abroad']);
    expect(codes(paymentWordsRule('Ödeme yurt dışındayım, havale ile.'))).toEqual(['owner_abroad']);
  });

  it('leaves a lawful deposit alone in every language it is written in', () => {
    for (const text of [
      'A security deposit of two months’ rent is paid when the lease is signed, after the viewing.',
      'Vratná kauce ve výši dvou nájmů se platí při podpisu smlouvy. Prohlídky po domluvě.',
      'Die Kaution beträgt drei Monatsmieten und wird bei Vertragsunterzeichnung fällig.',
      'Le dépôt de garantie est versé à la signature du bail.',
      'Kaucja w wysokości dwóch czynszów płatna przy podpisaniu umowy.',
      'Depozito iki kira bedelidir ve sözleşmede ödenir.',
      'التأمين يعادل إيجار شهرين ويدفع عند توقيع العقد.',
      'Payment by bank transfer through the notary’s escrow account.',
    ]) {
      expect(paymentWordsRule(text), text).toEqual([]);
    }
  });

  it('compares text and terms folded the same way (accents, ł, ı, final sigma)', () => {
    expect(scamText('WPŁATA Dışında ΠΛΗΡΩΜΉΣ')).toBe('wplata disinda πληρωμησ');
  });
});

describe('contactDetailsRule', () => {
  it('finds phone numbers, e-mail addresses and messaging apps in the text', () => {
    expect(contactDetailsRule('Volejte +420 777 123 456.')[0]?.detail?.terms).toEqual(['phone']);
    expect(contactDetailsRule('Write to owner.flat@example.com')[0]?.detail?.terms).toEqual(['e-mail']);
    expect(contactDetailsRule('Contact me on WhatsApp')[0]?.detail?.terms).toEqual(['whatsapp']);
  });

  it('does not take a price or an area for a phone number', () => {
    expect(contactDetailsRule('Cena 125 000 000 Kč, plocha 120 m2, rok 1998.')).toEqual([]);
    expect(contactDetailsRule('Price 1 250 000 000 CZK')).toEqual([]);
  });
});

describe('accountBurstRule', () => {
  it('flags a new unverified account posting many offers in a day, more for a flood', () => {
    expect(codes(accountBurstRule({ accountAgeDays: 2, accountVerified: false, offersLastDay: 5 }))).toEqual([
      'new_account_burst',
    ]);
    expect(codes(accountBurstRule({ accountAgeDays: 2, accountVerified: false, offersLastDay: 12 }))).toEqual(
      ['new_account_flood'],
    );
  });

  it('leaves old, verified or slow accounts alone', () => {
    expect(accountBurstRule({ accountAgeDays: 30, accountVerified: false, offersLastDay: 20 })).toEqual([]);
    expect(accountBurstRule({ accountAgeDays: 1, accountVerified: true, offersLastDay: 20 })).toEqual([]);
    expect(accountBurstRule({ accountAgeDays: 1, accountVerified: false, offersLastDay: 4 })).toEqual([]);
  });
});

describe('paymentLinkRule', () => {
  it('finds payment sites, shorteners and addresses naming a payment', () => {
    expect(paymentLinkRule('Pay here: https://paypal.me/flatowner/500')[0]?.detail?.hosts).toEqual([
      'paypal.me',
    ]);
    expect(
      paymentLinkRule('Reserve at http://secure-booking-pay.example.net/deposit?id=4')[0]?.detail?.hosts,
    ).toEqual(['secure-booking-pay.example.net']);
    expect(codes(paymentLinkRule('see bit.ly/3xYz'))).toEqual(['payment_link']);
  });

  it('leaves ordinary links and the portal’s own links alone', () => {
    expect(paymentLinkRule('Floor plan: https://example.org/plans/flat-12.pdf')).toEqual([]);
    expect(paymentLinkRule('See https://estately.example/cs/pay/123', ['estately.example'])).toEqual([]);
  });
});

describe('verdicts', () => {
  const account = { accountAgeDays: 400, accountVerified: false, offersLastDay: 1 };

  const verdict = (description: string, priceNormalized: number, otherSellersOffers = 0) =>
    offerScamVerdict({ description, price: price(priceNormalized), otherSellersOffers, account });

  it('holds an offer whose reasons reach the hold threshold and only queues a weaker one', () => {
    const strong = verdict('Deposit before viewing via Western Union, I am abroad.', 1_000_000, 1);
    expect(strong.held).toBe(true);
    expect(strong.score).toBeGreaterThanOrEqual(SCAM_HOLD_THRESHOLD);
    const weak = verdict('Call 777 123 456.', 2_500_000);
    expect(weak.score).toBe(SCAM_REASON_WEIGHTS.price_below_median + SCAM_REASON_WEIGHTS.contact_details);
    expect(weak.flagged && !weak.held).toBe(true);
    const honest = verdict('Sunny flat, call 777 123 456.', 4_000_000);
    expect(honest.score).toBeLessThan(SCAM_FLAG_THRESHOLD);
    expect(honest.flagged).toBe(false);
  });

  it('holds a message with a payment link, marks one with payment words, passes a plain one', () => {
    expect(messageScamVerdict('Send the deposit here https://paypal.me/x').held).toBe(true);
    const marked = messageScamVerdict('Can I pay in bitcoin?');
    expect(marked.flagged && !marked.held).toBe(true);
    expect(messageScamVerdict('Is the flat still available? My number is 777 123 456.').flagged).toBe(false);
  });

  it('asks for a new review only for reasons an admin has not released', () => {
    const released = [{ code: 'contact_details' as const, weight: 15 }];
    expect(hasNewScamReasons([{ code: 'contact_details', weight: 15 }], released)).toBe(false);
    expect(hasNewScamReasons([{ code: 'payment_link', weight: 60 }], released)).toBe(true);
  });
});
