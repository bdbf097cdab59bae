import type { EmailCatalog } from './en.ts';
import { southSlavicLatinEmails } from './south-slavic-latin.ts';

export const bs: EmailCatalog = {
  ...southSlavicLatinEmails,
  link_fallback: 'Ako dugme ne radi, kopirajte ovaj link u pretraživač: {url}',
  // Issue 44 point 3: shared search boards (decision 071).
  'board.subject': '{name} dijeli s vama tablu pretrage „{board}“',
  'board.intro': '{name} vas poziva na zajedničku tablu pretrage „{board}“ na Estately.',
  'board.what':
    'Na tabli zajedno skupljate oglase: svaki označite kao za pregled, pregled dogovoren, odbijen ili favorit, dodajte termine pregleda i bilješke i odmah vidite promjene ostalih.',
  'board.button': 'Prihvati pozivnicu',
  'board.expiry':
    '{days, plural, one {Link vrijedi # dan i radi jednom.} few {Link vrijedi # dana i radi jednom.} other {Link vrijedi # dana i radi jednom.}}',
  'board.ignore':
    'Ako ne poznajete pošiljaoca, zanemarite ovaj e-mail. Time niko ne dobija pristup vašim podacima.',
  'confirm.subject': 'Potvrdite svoju e-mail adresu',
  'confirm.intro':
    'Hvala na registraciji na Estately. Potvrdite svoju e-mail adresu kako biste aktivirali račun.',
  'confirm.button': 'Potvrdi e-mail adresu',
  'confirm.expiry':
    '{hours, plural, one {Link vrijedi # sat.} few {Link vrijedi # sata.} other {Link vrijedi # sati.}}',
  'confirm.ignore': 'Ako niste izradili račun, slobodno zanemarite ovu poruku.',
  'change.subject': 'Potvrdite svoju novu e-mail adresu',
  'change.intro':
    'Zatražili ste prijavu na Estately novom e-mail adresom: {email}. Potvrdite je kako biste završili promjenu.',
  'change.expiry':
    '{hours, plural, one {Link vrijedi # sat.} few {Link vrijedi # sata.} other {Link vrijedi # sati.}}',
  'change.ignore':
    'Ako niste zatražili promjenu, zanemarite ovaj e-mail. I dalje ćete se prijavljivati trenutnom adresom.',
  'changed.subject': 'Vaša e-mail adresa za prijavu je promijenjena',
  'changed.intro': 'E-mail adresa kojom se prijavljujete na Estately promijenjena je u {email}.',
  'changed.not_you':
    'Ako niste vi napravili ovu promjenu, odmah promijenite lozinku kako biste zaštitili račun.',
  'reset.subject': 'Promjena lozinke',
  'reset.intro': 'Primili smo zahtjev za promjenu lozinke vašeg računa.',
  'reset.expiry':
    '{hours, plural, one {Link vrijedi # sat.} few {Link vrijedi # sata.} other {Link vrijedi # sati.}}',
  'password_changed.subject': 'Vaša lozinka je promijenjena',
  'password_changed.intro': 'Lozinka vašeg Estately računa promijenjena je {date}.',
  'password_changed.not_you': 'Ako to niste bili vi, odmah promijenite lozinku kako biste zaštitili račun.',
  'security.button': 'Promijeni lozinku',
  'watchdog.intro':
    '{count, plural, one {Pronašli smo # novu ponudu za vašu sačuvanu pretragu „{name}”.} few {Pronašli smo # nove ponude za vašu sačuvanu pretragu „{name}”.} other {Pronašli smo # novih ponuda za vašu sačuvanu pretragu „{name}”.}}',
  'watchdog.manage': 'Upravljaj sačuvanim pretragama',
  'watchdog.reason': 'Ovu poruku primate jer ste na Estatelyju sačuvali pretragu.',
  unsubscribe: 'Odjavi se s ovih poruka',
  'message.offer.rent_apartment': 'Stan za izdavanje',
  'message.offer.rent_house': 'Kuća za izdavanje',
  'message.email': 'E-mail',
  'message.tour_date': 'Željeni termin razgledanja: {date}',
  'message.reason':
    'Ovaj e-mail primate jer je vaš oglas objavljen na Estatelyju. Odgovorom pišete direktno pošiljaocu.',
  // Lead threads (issue 38 point 10)
  'message.reply_in_product': 'Odgovori na Estatelyju',
  'reply.subject': 'Prodavač je odgovorio na vašu poruku',
  'reply.intro': 'Imate odgovor na svoju poruku o oglasu. Piše {name}:',
  'reply.intro_anonymous': 'Prodavač je odgovorio na vašu poruku o oglasu:',
  'reply.button': 'Pročitaj i odgovori',
  'reply.how': 'Za odgovor koristite dugme iznad. Odgovori na ovaj e-mail ne stižu do prodavača.',
  'reply.reason':
    'Ovaj e-mail primate jer ste na Estatelyju pisali prodavaču. Link otvara vaš razgovor bez prijave, zato ovaj e-mail nemojte prosljeđivati.',
  'answer.subject': 'Novi odgovor u vašem razgovoru',
  'answer.intro': 'U razgovoru o vašem oglasu piše {name}:',
  'answer.button': 'Otvori razgovor',
  'answer.reason':
    'Ovaj e-mail primate jer je vaš oglas objavljen na Estatelyju i javio vam se zainteresovani kupac.',
  // "Still available?" (issue 43 point 5)
  'availability.subject': 'Da li je vaš oglas još aktuelan?',
  'availability.intro':
    'Vaš oglas nije ažuriran od {date}. Javite nam da li je nekretnina još dostupna kako bi se zainteresovani mogli osloniti na oglas.',
  'availability.available': 'Da, još je dostupna',
  'availability.sold': 'Ne, prodana je ili iznajmljena',
  'availability.consequence':
    'Bez odgovora, od {unconfirmed_date} oglas će biti označen kao nedavno nepotvrđen i prikazivat će se niže u rezultatima pretrage, a {withdraw_date} bit će povučen. Možete ga ponovo objaviti u bilo kojem trenutku.',
  'availability.own_offers': 'Idi na moje oglase',
  'availability.reason':
    'Ovaj e-mail primate jer je vaš oglas objavljen na Estatelyju. Svako dugme radi jednom i bez prijave, zato ovaj e-mail nemojte prosljeđivati.',
  'withdrawn.subject': 'Vaš oglas je povučen',
  'withdrawn.intro':
    '{date} pitali smo da li je vaš oglas još aktuelan i nismo dobili odgovor, pa smo ga povukli iz pretrage. Ništa nije izbrisano.',
  'withdrawn.button': 'Ponovo objavi',
  'withdrawn.reason': 'Ovaj e-mail primate jer je vaš oglas bio objavljen na Estatelyju.',
  // Alerts on every change (issue 44 point 2, decision 070)
  'alert.price_drop': 'Snižena cijena',
  'alert.back_on_market': 'Ponovo na tržištu',
  'alert.reserved': 'Rezervirano',
  'alert.sold': 'Prodano',
  'alert.rented': 'Iznajmljeno',
  'alert.withdrawn': 'Povučeno s tržišta',
  'favorites.subject':
    '{count, plural, one {Promijenila se # omiljena ponuda} few {Promijenile su se # omiljene ponude} other {Promijenilo se # omiljenih ponuda}}',
  'favorites.intro':
    '{count, plural, one {Promijenila se # ponuda koju ste sačuvali u omiljene. Evo šta je novo:} few {Promijenile su se # ponude koje ste sačuvali u omiljene. Evo šta je novo:} other {Promijenilo se # ponuda koje ste sačuvali u omiljene. Evo šta je novo:}}',
  'favorites.price_drop': 'Cijena snižena sa {old} na {new}',
  'favorites.button': 'Prikaži omiljene',
  'favorites.reason':
    'Ovaj e-mail primate jer ste ove ponude na Estatelyju sačuvali u omiljene. Ove e-mailove možete isključiti u postavkama ili linkom ispod.',
  'favorites.settings': 'Postavke e-maila',
};
