import type { EmailCatalog } from './en.ts';

export const cs: EmailCatalog = {
  greeting: 'Dobrý den, {name},',
  greeting_anonymous: 'Dobrý den,',
  sign_off: 'S pozdravem',
  team: 'tým Estately',
  link_fallback: 'Pokud tlačítko nefunguje, zkopírujte do prohlížeče tento odkaz: {url}',
  // Issue 44 point 3: shared search boards (decision 071).
  'board.subject': '{name} s vámi sdílí nástěnku hledání „{board}“',
  'board.intro': '{name} vás zve ke sdílené nástěnce hledání „{board}“ na Estately.',
  'board.what':
    'Na nástěnce spolu sbíráte nabídky: u každé označíte, zda ji chcete vidět, máte domluvenou prohlídku, ji odmítáte, nebo je favorit, přidáte termín prohlídky a poznámky a změny ostatních vidíte hned.',
  'board.button': 'Přijmout pozvánku',
  'board.expiry':
    '{days, plural, one {Odkaz platí # den a lze ho použít jednou.} few {Odkaz platí # dny a lze ho použít jednou.} many {Odkaz platí # dne a lze ho použít jednou.} other {Odkaz platí # dní a lze ho použít jednou.}}',
  'board.ignore':
    'Pokud odesílatele neznáte, tento e-mail ignorujte. Nikdo tím nezíská přístup k ničemu vašemu.',
  'confirm.subject': 'Potvrďte svou e-mailovou adresu',
  'confirm.intro':
    'Děkujeme za registraci na Estately. Potvrďte prosím svou e-mailovou adresu, aby se váš účet aktivoval.',
  'confirm.button': 'Potvrdit e-mail',
  'confirm.expiry':
    '{hours, plural, one {Odkaz platí # hodinu.} few {Odkaz platí # hodiny.} other {Odkaz platí # hodin.}}',
  'confirm.ignore': 'Pokud jste si účet nezakládali, můžete tento e-mail ignorovat.',
  'change.subject': 'Potvrďte svou novou e-mailovou adresu',
  'change.intro':
    'Požádali jste o přihlašování do Estately novou e-mailovou adresou: {email}. Potvrďte ji prosím, aby se změna dokončila.',
  'change.button': 'Potvrdit novou adresu',
  'change.expiry':
    '{hours, plural, one {Odkaz platí # hodinu.} few {Odkaz platí # hodiny.} other {Odkaz platí # hodin.}}',
  'change.ignore':
    'Pokud jste o změnu nežádali, tento e-mail ignorujte. Dál se budete přihlašovat současnou adresou.',
  'changed.subject': 'Vaše přihlašovací e-mailová adresa byla změněna',
  'changed.intro': 'E-mailová adresa, kterou se přihlašujete do Estately, byla změněna na {email}.',
  'changed.not_you': 'Pokud jste změnu neprovedli vy, ihned si obnovte heslo a zabezpečte svůj účet.',
  'reset.subject': 'Obnovení hesla',
  'reset.intro': 'Obdrželi jsme žádost o obnovení hesla k vašemu účtu.',
  'reset.button': 'Nastavit nové heslo',
  'reset.expiry':
    '{hours, plural, one {Odkaz platí # hodinu.} few {Odkaz platí # hodiny.} other {Odkaz platí # hodin.}}',
  'reset.ignore': 'Pokud jste o obnovení nežádali, tento e-mail ignorujte. Vaše heslo zůstává beze změny.',
  'password_changed.subject': 'Vaše heslo bylo změněno',
  'password_changed.intro': 'Heslo k vašemu účtu Estately bylo změněno {date}.',
  'password_changed.not_you': 'Pokud jste to nebyli vy, ihned si obnovte heslo a zabezpečte svůj účet.',
  'security.button': 'Obnovit heslo',
  'watchdog.subject':
    '{count, plural, one {# nová nabídka pro hlídacího psa „{name}“} few {# nové nabídky pro hlídacího psa „{name}“} other {# nových nabídek pro hlídacího psa „{name}“}}',
  'watchdog.intro':
    '{count, plural, one {Našli jsme # novou nabídku odpovídající hlídacímu psovi „{name}“.} few {Našli jsme # nové nabídky odpovídající hlídacímu psovi „{name}“.} other {Našli jsme # nových nabídek odpovídajících hlídacímu psovi „{name}“.}}',
  'watchdog.button': 'Zobrazit nové nabídky',
  'watchdog.manage': 'Spravovat hlídací psy',
  'watchdog.reason': 'Tento e-mail dostáváte, protože jste si na Estately vytvořili hlídacího psa.',
  unsubscribe: 'Odhlásit odběr těchto e-mailů',
  'message.subject': 'Nová zpráva k vašemu inzerátu',
  'message.intro': '{name} vám poslal(a) zprávu k vašemu inzerátu:',
  'message.offer.sale_apartment': 'Prodej bytu',
  'message.offer.sale_house': 'Prodej domu',
  'message.offer.rent_apartment': 'Pronájem bytu',
  'message.offer.rent_house': 'Pronájem domu',
  'message.from': 'Od',
  'message.email': 'E-mail',
  'message.phone': 'Telefon',
  'message.tour_date': 'Požadovaný termín prohlídky: {date}',
  'message.reply': 'Odpovědět na zprávu',
  'message.view_offer': 'Zobrazit inzerát',
  'message.reason':
    'Tento e-mail dostáváte, protože váš inzerát je zveřejněn na Estately. Odpovědí na něj napíšete odesílateli.',
  // Lead threads (issue 38 point 10)
  'message.reply_in_product': 'Odpovědět na Estately',
  'reply.subject': 'Prodávající odpověděl na vaši zprávu',
  'reply.intro': 'Máte odpověď na svou zprávu k inzerátu. Píše {name}:',
  'reply.intro_anonymous': 'Prodávající odpověděl na vaši zprávu k inzerátu:',
  'reply.button': 'Přečíst a odpovědět',
  'reply.how': 'Odpovídejte tlačítkem výše. Odpověď na tento e-mail se k prodávajícímu nedostane.',
  'reply.reason':
    'Tento e-mail dostáváte, protože jste na Estately napsali prodávajícímu. Odkaz otevře vaši konverzaci bez přihlášení, proto e-mail nikomu nepřeposílejte.',
  'answer.subject': 'Nová odpověď v konverzaci',
  'answer.intro': 'V konverzaci k vašemu inzerátu píše {name}:',
  'answer.button': 'Otevřít konverzaci',
  'answer.reason':
    'Tento e-mail dostáváte, protože váš inzerát je zveřejněn na Estately a napsal vám zájemce.',
  // "Still available?" (issue 43 point 5)
  'availability.subject': 'Je váš inzerát stále aktuální?',
  'availability.intro':
    'Váš inzerát nebyl od {date} upraven. Dejte nám prosím vědět, zda je nemovitost stále k dispozici, aby se na inzerát mohli zájemci spolehnout.',
  'availability.available': 'Ano, stále je k dispozici',
  'availability.sold': 'Ne, je prodaná nebo pronajatá',
  'availability.consequence':
    'Pokud neodpovíte, od {unconfirmed_date} bude inzerát označen jako nedávno nepotvrzený a ve výsledcích hledání se zobrazí níže. Dne {withdraw_date} bude stažen. Znovu ho můžete kdykoli zveřejnit.',
  'availability.own_offers': 'Přejít na moje inzeráty',
  'availability.reason':
    'Tento e-mail dostáváte, protože máte na Estately zveřejněný inzerát. Každé tlačítko funguje jednou a bez přihlášení, proto tento e-mail nepřeposílejte.',
  'withdrawn.subject': 'Váš inzerát byl stažen',
  'withdrawn.intro':
    'Dne {date} jsme se ptali, zda je váš inzerát stále aktuální, a nedostali jsme odpověď. Proto jsme ho stáhli z vyhledávání. Nic nebylo smazáno.',
  'withdrawn.button': 'Znovu zveřejnit',
  'withdrawn.reason': 'Tento e-mail dostáváte, protože jste měli na Estately zveřejněný inzerát.',
  // Alerts on every change (issue 44 point 2, decision 070)
  'alert.price_drop': 'Zlevněno',
  'alert.back_on_market': 'Opět v nabídce',
  'alert.reserved': 'Rezervováno',
  'alert.sold': 'Prodáno',
  'alert.rented': 'Pronajato',
  'alert.withdrawn': 'Staženo z nabídky',
  'favorites.subject':
    '{count, plural, one {Změna u oblíbené nabídky} few {Změny u # oblíbených nabídek} other {Změny u # oblíbených nabídek}}',
  'favorites.intro':
    '{count, plural, one {Nabídka, kterou máte v oblíbených, se změnila. Co je nového:} few {# nabídky, které máte v oblíbených, se změnily. Co je nového:} other {# nabídek, které máte v oblíbených, se změnilo. Co je nového:}}',
  'favorites.price_drop': 'Cena snížena z {old} na {new}',
  'favorites.button': 'Zobrazit oblíbené',
  'favorites.reason':
    'Tento e-mail dostáváte, protože máte tyto nabídky na Estately v oblíbených. Tyto e-maily můžete vypnout v nastavení nebo odkazem níže.',
  'favorites.settings': 'Nastavení e-mailů',
};
