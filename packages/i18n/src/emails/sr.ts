import type { EmailCatalog } from './en.ts';
import { southSlavicLatinEmails } from './south-slavic-latin.ts';

export const sr: EmailCatalog = {
  ...southSlavicLatinEmails,
  link_fallback: 'Ako dugme ne radi, kopirajte ovaj link u pretraživač: {url}',
  // Issue 44 point 3: shared search boards (decision 071).
  'board.subject': '{name} deli sa vama tablu pretrage „{board}“',
  'board.intro': '{name} vas poziva na zajedničku tablu pretrage „{board}“ na Estately.',
  'board.what':
    'Na tabli zajedno skupljate oglase: svaki označite kao za razgledanje, razgledanje zakazano, odbijen ili omiljen, dodajte termine razgledanja i beleške i odmah vidite promene ostalih.',
  'board.button': 'Prihvati pozivnicu',
  'board.expiry':
    '{days, plural, one {Link važi # dan i radi jednom.} few {Link važi # dana i radi jednom.} other {Link važi # dana i radi jednom.}}',
  'board.ignore':
    'Ako ne poznajete pošiljaoca, zanemarite ovaj e-mail. Time niko ne dobija pristup vašim podacima.',
  'confirm.subject': 'Potvrdite svoju e-mail adresu',
  'confirm.intro':
    'Hvala što ste se registrovali na Estately. Potvrdite svoju e-mail adresu kako biste aktivirali nalog.',
  'confirm.button': 'Potvrdi e-mail adresu',
  'confirm.expiry':
    '{hours, plural, one {Link važi # sat.} few {Link važi # sata.} other {Link važi # sati.}}',
  'confirm.ignore': 'Ako niste kreirali nalog, slobodno zanemarite ovu poruku.',
  'change.subject': 'Potvrdite svoju novu e-mail adresu',
  'change.intro':
    'Zatražili ste prijavljivanje na Estately novom e-mail adresom: {email}. Potvrdite je da biste završili promenu.',
  'change.expiry':
    '{hours, plural, one {Link važi # sat.} few {Link važi # sata.} other {Link važi # sati.}}',
  'change.ignore':
    'Ako niste zatražili promenu, zanemarite ovaj e-mail. I dalje ćete se prijavljivati trenutnom adresom.',
  'changed.subject': 'Vaša e-mail adresa za prijavu je promenjena',
  'changed.intro': 'E-mail adresa kojom se prijavljujete na Estately promenjena je u {email}.',
  'changed.not_you': 'Ako niste vi napravili ovu promenu, odmah promenite lozinku da biste zaštitili nalog.',
  'reset.subject': 'Promena lozinke',
  'reset.intro': 'Primili smo zahtev za promenu lozinke vašeg naloga.',
  'reset.expiry': '{hours, plural, one {Link važi # sat.} few {Link važi # sata.} other {Link važi # sati.}}',
  'password_changed.subject': 'Vaša lozinka je promenjena',
  'password_changed.intro': 'Lozinka vašeg Estately naloga promenjena je {date}.',
  'password_changed.not_you': 'Ako to niste bili vi, odmah promenite lozinku da biste zaštitili nalog.',
  'security.button': 'Promeni lozinku',
  'watchdog.intro':
    '{count, plural, one {Pronašli smo # novu ponudu za vašu sačuvanu pretragu „{name}”.} few {Pronašli smo # nove ponude za vašu sačuvanu pretragu „{name}”.} other {Pronašli smo # novih ponuda za vašu sačuvanu pretragu „{name}”.}}',
  'watchdog.manage': 'Upravljaj sačuvanim pretragama',
  'watchdog.reason': 'Ovu poruku dobijate jer ste na Estatelyju sačuvali pretragu.',
  unsubscribe: 'Odjavite se sa ovih poruka',
  'message.offer.rent_apartment': 'Stan za izdavanje',
  'message.offer.rent_house': 'Kuća za izdavanje',
  'message.email': 'E-mail',
  'message.tour_date': 'Željeni termin razgledanja: {date}',
  'message.reason':
    'Ovaj e-mail primate jer je vaš oglas objavljen na Estatelyju. Odgovorom pišete direktno pošiljaocu.',
  // Lead threads (issue 38 point 10)
  'message.reply_in_product': 'Odgovori na Estatelyju',
  'reply.subject': 'Prodavac je odgovorio na vašu poruku',
  'reply.intro': 'Imate odgovor na svoju poruku o oglasu. Piše {name}:',
  'reply.intro_anonymous': 'Prodavac je odgovorio na vašu poruku o oglasu:',
  'reply.button': 'Pročitaj i odgovori',
  'reply.how': 'Za odgovor koristite dugme iznad. Odgovori na ovaj e-mail ne stižu do prodavca.',
  'reply.reason':
    'Ovaj e-mail primate jer ste na Estatelyju pisali prodavcu. Link otvara vaš razgovor bez prijave, zato ovaj e-mail nemojte prosleđivati.',
  'answer.subject': 'Novi odgovor u vašem razgovoru',
  'answer.intro': 'U razgovoru o vašem oglasu piše {name}:',
  'answer.button': 'Otvori razgovor',
  'answer.reason':
    'Ovaj e-mail primate jer je vaš oglas objavljen na Estatelyju i javio vam se zainteresovani kupac.',
  // "Still available?" (issue 43 point 5)
  'availability.subject': 'Da li je vaš oglas još aktuelan?',
  'availability.intro':
    'Vaš oglas nije ažuriran od {date}. Javite nam da li je nekretnina još dostupna kako bi zainteresovani mogli da se oslone na oglas.',
  'availability.available': 'Da, još je dostupna',
  'availability.sold': 'Ne, prodata je ili izdata',
  'availability.consequence':
    'Bez odgovora, od {unconfirmed_date} oglas će biti označen kao nedavno nepotvrđen i prikazivaće se niže u rezultatima pretrage, a {withdraw_date} biće povučen. Možete ponovo da ga objavite u bilo kom trenutku.',
  'availability.own_offers': 'Idi na moje oglase',
  'availability.reason':
    'Ovaj e-mail primate jer je vaš oglas objavljen na Estatelyju. Svako dugme radi jednom i bez prijave, zato ovaj e-mail nemojte da prosleđujete.',
  'withdrawn.subject': 'Vaš oglas je povučen',
  'withdrawn.intro':
    '{date} pitali smo da li je vaš oglas još aktuelan i nismo dobili odgovor, pa smo ga povukli iz pretrage. Ništa nije obrisano.',
  'withdrawn.button': 'Ponovo objavi',
  'withdrawn.reason': 'Ovaj e-mail primate jer je vaš oglas bio objavljen na Estatelyju.',
  // Alerts on every change (issue 44 point 2, decision 070)
  'alert.price_drop': 'Snižena cena',
  'alert.back_on_market': 'Ponovo na tržištu',
  'alert.reserved': 'Rezervisano',
  'alert.sold': 'Prodato',
  'alert.rented': 'Iznajmljeno',
  'alert.withdrawn': 'Povučeno sa tržišta',
  'favorites.subject':
    '{count, plural, one {Promenila se # omiljena ponuda} few {Promenile su se # omiljene ponude} other {Promenilo se # omiljenih ponuda}}',
  'favorites.intro':
    '{count, plural, one {Promenila se # ponuda koju ste sačuvali u omiljene. Evo šta je novo:} few {Promenile su se # ponude koje ste sačuvali u omiljene. Evo šta je novo:} other {Promenilo se # ponuda koje ste sačuvali u omiljene. Evo šta je novo:}}',
  'favorites.price_drop': 'Cena snižena sa {old} na {new}',
  'favorites.button': 'Prikaži omiljene',
  'favorites.reason':
    'Ovaj imejl primate jer ste ove ponude na Estatelyju sačuvali u omiljene. Ove imejlove možete isključiti u podešavanjima ili linkom ispod.',
  'favorites.settings': 'Podešavanja imejla',
};
