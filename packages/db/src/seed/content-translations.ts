// Blog posts in further languages (shorter texts); Czech and English are in content-texts.ts.
export const BLOG_TRANSLATIONS: Record<
  string,
  Record<string, { title: string; excerpt: string; body: string }>
> = {
  'mortgage-basics': {
    de: {
      title: 'Die erste Baufinanzierung',
      excerpt: 'Was Sie vor dem Bankgespräch vorbereiten.',
      body: 'Einkommensnachweise, 10–20 % Eigenkapital und mehrere Angebote im Vergleich.',
    },
  },
  'viewing-checklist': {
    sk: {
      title: 'Na čo sa pozerať pri obhliadke',
      excerpt: 'Kontrolný zoznam pre obhliadku bytu.',
      body: 'Skontrolujte vlhkosť, okná, rozvody a energetický certifikát.',
    },
    pl: {
      title: 'Na co zwrócić uwagę podczas oglądania',
      excerpt: 'Lista kontrolna dla kupujących.',
      body: 'Sprawdź wilgoć, okna, instalacje i świadectwo energetyczne.',
    },
  },
  'renting-abroad': {
    de: {
      title: 'Mieten im Ausland',
      excerpt: 'Worauf Sie bei einer Miete im Ausland achten sollten.',
      body: 'Prüfen Sie Kautionsregeln, Mietdauer und wer die Provision zahlt.',
    },
    pl: {
      title: 'Wynajem za granicą',
      excerpt: 'Na co uważać przy wynajmie za granicą.',
      body: 'Sprawdź zasady kaucji, długość najmu i kto płaci prowizję.',
    },
  },
};
