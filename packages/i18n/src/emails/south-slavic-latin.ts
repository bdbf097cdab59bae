import type { EmailOverrides } from './en.ts';

// E-mail texts that Bosnian, Croatian and Serbian (Latin script) write alike, word for word. Each
// language's texts start from these (bs.ts, hr.ts, sr.ts); a text that one of them words
// differently moves out of here into each of the three.
export const southSlavicLatinEmails = {
  greeting: 'Pozdrav, {name},',
  greeting_anonymous: 'Poštovani,',
  sign_off: 'Srdačan pozdrav,',
  team: 'tim Estatelyja',
  'change.button': 'Potvrdi novu adresu',
  'reset.button': 'Postavi novu lozinku',
  'reset.ignore': 'Ako to niste zatražili, zanemarite ovu poruku. Vaša lozinka ostaje ista.',
  'watchdog.subject':
    '{count, plural, one {# nova ponuda za pretragu „{name}”} few {# nove ponude za pretragu „{name}”} other {# novih ponuda za pretragu „{name}”}}',
  'watchdog.button': 'Pogledaj nove ponude',
  'message.subject': 'Nova poruka o vašem oglasu',
  'message.intro': '{name} poslao vam je poruku o vašem oglasu:',
  'message.offer.sale_apartment': 'Stan na prodaju',
  'message.offer.sale_house': 'Kuća na prodaju',
  'message.from': 'Od',
  'message.phone': 'Telefon',
  'message.reply': 'Odgovori na poruku',
  'message.view_offer': 'Pogledaj oglas',
} satisfies EmailOverrides;
