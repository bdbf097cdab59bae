import type { EmailCatalog } from './en.ts';

export const sk: EmailCatalog = {
  greeting: 'Dobrý deň, {name},',
  greeting_anonymous: 'Dobrý deň,',
  sign_off: 'S pozdravom',
  team: 'tím Estately',
  link_fallback: 'Ak tlačidlo nefunguje, skopírujte do prehliadača tento odkaz: {url}',
  // Issue 44 point 3: shared search boards (decision 071).
  'board.subject': '{name} s vami zdieľa nástenku hľadania „{board}“',
  'board.intro': '{name} vás pozýva k zdieľanej nástenke hľadania „{board}“ na Estately.',
  'board.what':
    'Na nástenke spolu zbierate ponuky: pri každej označíte, či ju chcete vidieť, máte dohodnutú obhliadku, ju odmietate, alebo je favorit, pridáte termín obhliadky a poznámky a zmeny ostatných vidíte hneď.',
  'board.button': 'Prijať pozvánku',
  'board.expiry':
    '{days, plural, one {Odkaz platí # deň a dá sa použiť raz.} few {Odkaz platí # dni a dá sa použiť raz.} many {Odkaz platí # dňa a dá sa použiť raz.} other {Odkaz platí # dní a dá sa použiť raz.}}',
  'board.ignore':
    'Ak odosielateľa nepoznáte, tento e-mail ignorujte. Nikto tým nezíska prístup k ničomu vášmu.',
  'confirm.subject': 'Potvrďte svoju e-mailovú adresu',
  'confirm.intro':
    'Ďakujeme za registráciu na Estately. Potvrďte, prosím, svoju e-mailovú adresu, aby sa váš účet aktivoval.',
  'confirm.button': 'Potvrdiť e-mail',
  'confirm.expiry':
    '{hours, plural, one {Odkaz platí # hodinu.} few {Odkaz platí # hodiny.} other {Odkaz platí # hodín.}}',
  'confirm.ignore': 'Ak ste si účet nezakladali, môžete tento e-mail ignorovať.',
  'change.subject': 'Potvrďte svoju novú e-mailovú adresu',
  'change.intro':
    'Požiadali ste o prihlasovanie do Estately novou e-mailovou adresou: {email}. Potvrďte ju, prosím, aby sa zmena dokončila.',
  'change.button': 'Potvrdiť novú adresu',
  'change.expiry':
    '{hours, plural, one {Odkaz platí # hodinu.} few {Odkaz platí # hodiny.} other {Odkaz platí # hodín.}}',
  'change.ignore':
    'Ak ste o zmenu nežiadali, tento e-mail ignorujte. Naďalej sa budete prihlasovať súčasnou adresou.',
  'changed.subject': 'Vaša prihlasovacia e-mailová adresa bola zmenená',
  'changed.intro': 'E-mailová adresa, ktorou sa prihlasujete do Estately, bola zmenená na {email}.',
  'changed.not_you': 'Ak ste zmenu neurobili vy, okamžite si obnovte heslo a zabezpečte svoj účet.',
  'reset.subject': 'Obnovenie hesla',
  'reset.intro': 'Dostali sme žiadosť o obnovenie hesla k vášmu účtu.',
  'reset.button': 'Nastaviť nové heslo',
  'reset.expiry':
    '{hours, plural, one {Odkaz platí # hodinu.} few {Odkaz platí # hodiny.} other {Odkaz platí # hodín.}}',
  'reset.ignore': 'Ak ste o obnovenie nežiadali, tento e-mail ignorujte. Vaše heslo zostáva nezmenené.',
  'password_changed.subject': 'Vaše heslo bolo zmenené',
  'password_changed.intro': 'Heslo k vášmu účtu Estately bolo zmenené {date}.',
  'password_changed.not_you': 'Ak ste to neboli vy, okamžite si obnovte heslo a zabezpečte svoj účet.',
  'security.button': 'Obnoviť heslo',
  'watchdog.subject':
    '{count, plural, one {# nová ponuka pre strážneho psa „{name}“} few {# nové ponuky pre strážneho psa „{name}“} other {# nových ponúk pre strážneho psa „{name}“}}',
  'watchdog.intro':
    '{count, plural, one {Našli sme # novú ponuku pre vášho strážneho psa „{name}“.} few {Našli sme # nové ponuky pre vášho strážneho psa „{name}“.} other {Našli sme # nových ponúk pre vášho strážneho psa „{name}“.}}',
  'watchdog.button': 'Zobraziť nové ponuky',
  'watchdog.manage': 'Spravovať strážnych psov',
  'watchdog.reason': 'Tento e-mail dostávate, pretože ste si na Estately vytvorili strážneho psa.',
  unsubscribe: 'Odhlásiť odber týchto e-mailov',
  'message.subject': 'Nová správa k vášmu inzerátu',
  'message.intro': '{name} vám poslal(a) správu k vášmu inzerátu:',
  'message.offer.sale_apartment': 'Predaj bytu',
  'message.offer.sale_house': 'Predaj domu',
  'message.offer.rent_apartment': 'Prenájom bytu',
  'message.offer.rent_house': 'Prenájom domu',
  'message.from': 'Od',
  'message.email': 'E-mail',
  'message.phone': 'Telefón',
  'message.tour_date': 'Požadovaný termín obhliadky: {date}',
  'message.reply': 'Odpovedať na správu',
  'message.view_offer': 'Zobraziť inzerát',
  'message.reason':
    'Tento e-mail dostávate, pretože váš inzerát je zverejnený na Estately. Odpoveďou naň napíšete odosielateľovi.',
  // Lead threads (issue 38 point 10)
  'message.reply_in_product': 'Odpovedať na Estately',
  'reply.subject': 'Predávajúci odpovedal na vašu správu',
  'reply.intro': 'Máte odpoveď na svoju správu k inzerátu. Píše {name}:',
  'reply.intro_anonymous': 'Predávajúci odpovedal na vašu správu k inzerátu:',
  'reply.button': 'Prečítať a odpovedať',
  'reply.how': 'Odpovedajte tlačidlom vyššie. Odpoveď na tento e-mail sa k predávajúcemu nedostane.',
  'reply.reason':
    'Tento e-mail dostávate, pretože ste na Estately napísali predávajúcemu. Odkaz otvorí vašu konverzáciu bez prihlásenia, preto e-mail nikomu nepreposielajte.',
  'answer.subject': 'Nová odpoveď v konverzácii',
  'answer.intro': 'V konverzácii k vášmu inzerátu píše {name}:',
  'answer.button': 'Otvoriť konverzáciu',
  'answer.reason':
    'Tento e-mail dostávate, pretože váš inzerát je zverejnený na Estately a napísal vám záujemca.',
  // "Still available?" (issue 43 point 5)
  'availability.subject': 'Je váš inzerát stále aktuálny?',
  'availability.intro':
    'Váš inzerát nebol od {date} upravený. Dajte nám, prosím, vedieť, či je nehnuteľnosť stále k dispozícii, aby sa naň záujemcovia mohli spoľahnúť.',
  'availability.available': 'Áno, stále je k dispozícii',
  'availability.sold': 'Nie, je predaná alebo prenajatá',
  'availability.consequence':
    'Ak neodpoviete, od {unconfirmed_date} bude inzerát označený ako nedávno nepotvrdený a vo výsledkoch vyhľadávania sa zobrazí nižšie. Dňa {withdraw_date} bude stiahnutý. Znova ho môžete kedykoľvek zverejniť.',
  'availability.own_offers': 'Prejsť na moje inzeráty',
  'availability.reason':
    'Tento e-mail dostávate, pretože máte na Estately zverejnený inzerát. Každé tlačidlo funguje raz a bez prihlásenia, preto tento e-mail nepreposielajte.',
  'withdrawn.subject': 'Váš inzerát bol stiahnutý',
  'withdrawn.intro':
    'Dňa {date} sme sa pýtali, či je váš inzerát stále aktuálny, a nedostali sme odpoveď. Preto sme ho stiahli z vyhľadávania. Nič nebolo vymazané.',
  'withdrawn.button': 'Znova zverejniť',
  'withdrawn.reason': 'Tento e-mail dostávate, pretože ste mali na Estately zverejnený inzerát.',
  // Alerts on every change (issue 44 point 2, decision 070)
  'alert.price_drop': 'Znížená cena',
  'alert.back_on_market': 'Opäť v ponuke',
  'alert.reserved': 'Rezervované',
  'alert.sold': 'Predané',
  'alert.rented': 'Prenajaté',
  'alert.withdrawn': 'Stiahnuté z ponuky',
  'favorites.subject':
    '{count, plural, one {Zmena pri obľúbenej ponuke} few {Zmeny pri # obľúbených ponukách} other {Zmeny pri # obľúbených ponukách}}',
  'favorites.intro':
    '{count, plural, one {Ponuka, ktorú máte medzi obľúbenými, sa zmenila. Čo je nové:} few {# ponuky, ktoré máte medzi obľúbenými, sa zmenili. Čo je nové:} other {# ponúk, ktoré máte medzi obľúbenými, sa zmenilo. Čo je nové:}}',
  'favorites.price_drop': 'Cena znížená z {old} na {new}',
  'favorites.button': 'Zobraziť obľúbené',
  'favorites.reason':
    'Tento e-mail dostávate, pretože máte tieto ponuky na Estately medzi obľúbenými. Tieto e-maily môžete vypnúť v nastaveniach alebo odkazom nižšie.',
  'favorites.settings': 'Nastavenia e-mailov',
};
