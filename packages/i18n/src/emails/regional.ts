import type { Locale } from '@estately/domain';
import type { EmailCatalog, EmailOverrides } from './en.ts';

// Regional locales write like their language, with the differences below (the same choices as
// the UI catalogs' regional files).

/** Swiss Standard German writes "ss" for "ß". */
export function swissSpelling(catalog: EmailCatalog): EmailCatalog {
  return Object.fromEntries(
    Object.entries(catalog).map(([key, value]) => [key, value.replaceAll('ß', 'ss')]),
  ) as EmailCatalog;
}

const british: EmailOverrides = {
  'message.offer.sale_apartment': 'Flat for sale',
  'message.offer.rent_apartment': 'Flat to rent',
  'message.offer.rent_house': 'House to rent',
  // Alerts on every change (issue 44 point 2)
  'favorites.subject':
    '{count, plural, one {A favourite offer has changed} other {# favourite offers have changed}}',
  'favorites.intro':
    '{count, plural, one {An offer you saved as a favourite has changed. Here is what is new:} other {# offers you saved as favourites have changed. Here is what is new:}}',
  'favorites.button': 'Show my favourites',
  'favorites.reason':
    'You are receiving this e-mail because you saved these offers as favourites at Estately. You can turn these e-mails off in your settings or with the link below.',
};

// Montenegrin usage is ijekavian where the Serbian texts are ekavian.
const montenegrin: EmailOverrides = {
  'reset.subject': 'Promjena lozinke',
  'reset.intro': 'Primili smo zahtjev za promjenu lozinke vašeg naloga.',
  'change.intro':
    'Zatražili ste prijavljivanje na Estately novom e-mail adresom: {email}. Potvrdite je da biste završili promjenu.',
  'change.ignore':
    'Ako niste zatražili promjenu, zanemarite ovaj e-mail. I dalje ćete se prijavljivati trenutnom adresom.',
  'changed.subject': 'Vaša e-mail adresa za prijavu je promijenjena',
  'changed.intro': 'E-mail adresa kojom se prijavljujete na Estately promijenjena je u {email}.',
  'changed.not_you':
    'Ako niste vi napravili ovu promjenu, odmah promijenite lozinku da biste zaštitili nalog.',
  'password_changed.subject': 'Vaša lozinka je promijenjena',
  'password_changed.intro': 'Lozinka vašeg Estately naloga promijenjena je {date}.',
  'password_changed.not_you': 'Ako to niste bili vi, odmah promijenite lozinku da biste zaštitili nalog.',
  'security.button': 'Promijeni lozinku',
  'reply.reason':
    'Ovaj e-mail primate jer ste na Estatelyju pisali prodavcu. Link otvara vaš razgovor bez prijave, zato ovaj e-mail nemojte prosljeđivati.',
  'availability.reason':
    'Ovaj e-mail primate jer je vaš oglas objavljen na Estatelyju. Svako dugme radi jednom i bez prijave, zato ovaj e-mail nemojte prosljeđivati.',
  // Alerts on every change (issue 44 point 2)
  'alert.price_drop': 'Snižena cijena',
  'favorites.subject':
    '{count, plural, one {Promijenila se # omiljena ponuda} few {Promijenile su se # omiljene ponude} other {Promijenilo se # omiljenih ponuda}}',
  'favorites.intro':
    '{count, plural, one {Promijenila se # ponuda koju ste sačuvali u omiljene. Evo šta je novo:} few {Promijenile su se # ponude koje ste sačuvali u omiljene. Evo šta je novo:} other {Promijenilo se # ponuda koje ste sačuvali u omiljene. Evo šta je novo:}}',
  'favorites.price_drop': 'Cijena snižena sa {old} na {new}',
};

export const EMAIL_OVERRIDES: Partial<Record<Locale, EmailOverrides>> = {
  'en-GB': british,
  'en-MT': british,
  // "Grüezi" is spoken Swiss German; a written greeting is Standard German.
  'de-CH': { greeting_anonymous: 'Guten Tag,', sign_off: 'Freundliche Grüsse' },
  'de-AT': { greeting_anonymous: 'Grüß Gott,', sign_off: 'Freundliche Grüße' },
  'fr-BE': { sign_off: 'Cordialement,' },
  'fr-CH': { sign_off: 'Meilleures salutations,' },
  'nl-BE': { greeting_anonymous: 'Beste,' },
  'sr-ME': montenegrin,
};
