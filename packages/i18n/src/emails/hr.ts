import type { EmailCatalog } from './en.ts';
import { southSlavicLatinEmails } from './south-slavic-latin.ts';

export const hr: EmailCatalog = {
  ...southSlavicLatinEmails,
  link_fallback: 'Ako gumb ne radi, kopirajte ovu poveznicu u preglednik: {url}',
  // Issue 44 point 3: shared search boards (decision 071).
  'board.subject': '{name} dijeli s vama ploču pretrage „{board}”',
  'board.intro': '{name} vas poziva na zajedničku ploču pretrage „{board}” na Estatelyju.',
  'board.what':
    'Na ploči zajedno skupljate oglase: svaki označite kao za razgledavanje, razgledavanje dogovoreno, odbijeno ili favorit, dodajte termine razgledavanja i bilješke te odmah vidite promjene ostalih.',
  'board.button': 'Prihvati pozivnicu',
  'board.expiry':
    '{days, plural, one {Poveznica vrijedi # dan i radi jednom.} few {Poveznica vrijedi # dana i radi jednom.} other {Poveznica vrijedi # dana i radi jednom.}}',
  'board.ignore':
    'Ako ne poznajete pošiljatelja, zanemarite ovaj e-mail. Time nitko ne dobiva pristup vašim podacima.',
  'confirm.subject': 'Potvrdite svoju adresu e-pošte',
  'confirm.intro':
    'Hvala na registraciji na Estately. Potvrdite svoju adresu e-pošte kako biste aktivirali račun.',
  'confirm.button': 'Potvrdi e-adresu',
  'confirm.expiry':
    '{hours, plural, one {Poveznica vrijedi # sat.} few {Poveznica vrijedi # sata.} other {Poveznica vrijedi # sati.}}',
  'confirm.ignore': 'Ako niste izradili račun, slobodno zanemarite ovu poruku.',
  'change.subject': 'Potvrdite svoju novu adresu e-pošte',
  'change.intro':
    'Zatražili ste prijavu na Estately novom adresom e-pošte: {email}. Potvrdite je kako biste dovršili promjenu.',
  'change.expiry':
    '{hours, plural, one {Poveznica vrijedi # sat.} few {Poveznica vrijedi # sata.} other {Poveznica vrijedi # sati.}}',
  'change.ignore':
    'Ako niste zatražili promjenu, zanemarite ovu poruku. I dalje ćete se prijavljivati trenutačnom adresom.',
  'changed.subject': 'Vaša adresa e-pošte za prijavu je promijenjena',
  'changed.intro': 'Adresa e-pošte kojom se prijavljujete na Estately promijenjena je u {email}.',
  'changed.not_you':
    'Ako niste vi napravili ovu promjenu, odmah ponovno postavite lozinku kako biste zaštitili račun.',
  'reset.subject': 'Ponovno postavljanje lozinke',
  'reset.intro': 'Primili smo zahtjev za ponovno postavljanje lozinke vašeg računa.',
  'reset.expiry':
    '{hours, plural, one {Poveznica vrijedi # sat.} few {Poveznica vrijedi # sata.} other {Poveznica vrijedi # sati.}}',
  'password_changed.subject': 'Vaša lozinka je promijenjena',
  'password_changed.intro': 'Lozinka vašeg računa na Estatelyju promijenjena je {date}.',
  'password_changed.not_you':
    'Ako to niste bili vi, odmah ponovno postavite lozinku kako biste zaštitili račun.',
  'security.button': 'Ponovno postavi lozinku',
  'watchdog.intro':
    '{count, plural, one {Pronašli smo # novu ponudu za vašu spremljenu pretragu „{name}”.} few {Pronašli smo # nove ponude za vašu spremljenu pretragu „{name}”.} other {Pronašli smo # novih ponuda za vašu spremljenu pretragu „{name}”.}}',
  'watchdog.manage': 'Upravljaj spremljenim pretragama',
  'watchdog.reason': 'Ovu poruku primate jer ste na Estatelyju spremili pretragu.',
  unsubscribe: 'Odjavi se s ovih poruka',
  'message.offer.rent_apartment': 'Stan za najam',
  'message.offer.rent_house': 'Kuća za najam',
  'message.email': 'E-pošta',
  'message.tour_date': 'Željeni termin razgledavanja: {date}',
  'message.reason':
    'Ovu poruku primate jer je vaš oglas objavljen na Estatelyju. Odgovorom pišete izravno pošiljatelju.',
  // Lead threads (issue 38 point 10)
  'message.reply_in_product': 'Odgovori na Estatelyju',
  'reply.subject': 'Prodavatelj je odgovorio na vašu poruku',
  'reply.intro': 'Imate odgovor na svoju poruku o oglasu. Piše {name}:',
  'reply.intro_anonymous': 'Prodavatelj je odgovorio na vašu poruku o oglasu:',
  'reply.button': 'Pročitaj i odgovori',
  'reply.how': 'Za odgovor upotrijebite gumb iznad. Odgovori na ovaj e-mail ne stižu do prodavatelja.',
  'reply.reason':
    'Ovaj e-mail primate jer ste na Estatelyju pisali prodavatelju. Poveznica otvara vaš razgovor bez prijave, zato ovaj e-mail nemojte prosljeđivati.',
  'answer.subject': 'Novi odgovor u vašem razgovoru',
  'answer.intro': 'U razgovoru o vašem oglasu piše {name}:',
  'answer.button': 'Otvori razgovor',
  'answer.reason':
    'Ovaj e-mail primate jer je vaš oglas objavljen na Estatelyju i javio vam se zainteresirani kupac.',
  // "Still available?" (issue 43 point 5)
  'availability.subject': 'Je li vaš oglas još aktualan?',
  'availability.intro':
    'Vaš oglas nije ažuriran od {date}. Javite nam je li nekretnina još dostupna kako bi se zainteresirani mogli osloniti na oglas.',
  'availability.available': 'Da, još je dostupna',
  'availability.sold': 'Ne, prodana je ili iznajmljena',
  'availability.consequence':
    'Bez odgovora, od {unconfirmed_date} oglas će biti označen kao nedavno nepotvrđen i prikazivat će se niže u rezultatima pretraživanja, a {withdraw_date} bit će povučen. Možete ga ponovno objaviti u bilo kojem trenutku.',
  'availability.own_offers': 'Idi na moje oglase',
  'availability.reason':
    'Ovaj e-mail primate jer je vaš oglas objavljen na Estatelyju. Svaki gumb radi jednom i bez prijave, zato ovaj e-mail nemojte prosljeđivati.',
  'withdrawn.subject': 'Vaš oglas je povučen',
  'withdrawn.intro':
    '{date} pitali smo je li vaš oglas još aktualan i nismo dobili odgovor, pa smo ga povukli iz pretraživanja. Ništa nije izbrisano.',
  'withdrawn.button': 'Ponovno objavi',
  'withdrawn.reason': 'Ovaj e-mail primate jer je vaš oglas bio objavljen na Estatelyju.',
  // Alerts on every change (issue 44 point 2, decision 070)
  'alert.price_drop': 'Snižena cijena',
  'alert.back_on_market': 'Ponovno na tržištu',
  'alert.reserved': 'Rezervirano',
  'alert.sold': 'Prodano',
  'alert.rented': 'Iznajmljeno',
  'alert.withdrawn': 'Povučeno s tržišta',
  'favorites.subject':
    '{count, plural, one {Promijenila se # omiljena ponuda} few {Promijenile su se # omiljene ponude} other {Promijenilo se # omiljenih ponuda}}',
  'favorites.intro':
    '{count, plural, one {Promijenila se # ponuda koju ste spremili u omiljene. Evo što je novo:} few {Promijenile su se # ponude koje ste spremili u omiljene. Evo što je novo:} other {Promijenilo se # ponuda koje ste spremili u omiljene. Evo što je novo:}}',
  'favorites.price_drop': 'Cijena snižena s {old} na {new}',
  'favorites.button': 'Prikaži omiljene',
  'favorites.reason':
    'Ovu poruku primate jer ste te ponude na Estatelyju spremili u omiljene. Ove poruke možete isključiti u postavkama ili poveznicom u nastavku.',
  'favorites.settings': 'Postavke e-pošte',
};
