import { BLOG_TRANSLATIONS } from './content-translations.ts';

// Content of the site seeded on the first start (issue 8): the three legal articles and the blog,
// written in full in Czech and English; other languages carry shorter texts or none, and the
// content API serves a locale its language's text, then English, so every locale has every page.
// Markdown subset: `##` headings, paragraphs, `-` lists.

export const ARTICLE_TEXTS: Record<
  string,
  Record<'terms' | 'cookie-policy' | 'privacy-policy', { title: string; body: string }>
> = {
  cs: {
    terms: {
      title: 'Podmínky užívání',
      body: '## Úvodní ustanovení\n\nTyto podmínky upravují používání portálu Estately, na kterém lidé hledají, nabízejí a pronajímají byty a domy. Používáním portálu s podmínkami souhlasíte. Pokud s nimi nesouhlasíte, portál prosím nepoužívejte.\n\n## Uživatelský účet\n\nÚčet si může založit každá svéprávná osoba nebo firma. Při registraci uvádějte pravdivé údaje a heslo chraňte před ostatními. Za vše, co se pod vaším účtem stane, odpovídáte vy.\n\n- Jeden člověk nebo firma smí mít jen jeden účet.\n- Účet můžete kdykoli zrušit v nastavení.\n- Účet, který porušuje tyto podmínky, můžeme zablokovat.\n\n## Inzerce\n\nInzerent odpovídá za to, že nabídka je pravdivá, aktuální a že k nemovitosti má právo ji nabízet. Cena musí odpovídat skutečnosti, fotografie musí zobrazovat nabízenou nemovitost a energetický štítek musí být uveden, pokud to zákon vyžaduje.\n\nProdané nebo pronajaté nabídky stáhněte bez zbytečného odkladu.\n\n## Zakázaný obsah\n\nNa portálu nesmíte zveřejňovat klamavé nabídky, nabídky nemovitostí, které neexistují, urážlivý obsah ani kontaktní údaje třetích osob bez jejich souhlasu. Nabídku, kterou uživatelé nahlásí a která podmínky porušuje, odstraníme.\n\n## Odpovědnost\n\nEstately zprostředkovává kontakt mezi zájemci a inzerenty, ale není stranou jejich smlouvy. Za obsah nabídek odpovídají inzerenti. Před podpisem smlouvy si vždy ověřte vlastnictví nemovitosti v katastru.\n\n## Závěrečná ustanovení\n\nPodmínky můžeme měnit; o podstatných změnách vás předem informujeme e-mailem. Vztahy neupravené těmito podmínkami se řídí právním řádem České republiky.',
    },
    'cookie-policy': {
      title: 'Zásady používání cookies',
      body: '## Co jsou cookies\n\nCookies jsou malé textové soubory, které si prohlížeč ukládá při návštěvě webu. Díky nim si portál pamatuje například váš jazyk nebo to, že jste přihlášeni.\n\n## Nezbytné cookies\n\nBez těchto cookies portál nefunguje, proto je používáme vždy:\n\n- token a refresh_token: udržují vás přihlášené (7 a 30 dní),\n- locale: zvolený jazyk (365 dní),\n- currency: měna, ve které vidíte ceny (365 dní),\n- stats_token: počítá zobrazení nabídky jen jednou za 3 hodiny.\n\n## Statistické cookies\n\nStatistické cookies nám pomáhají zjistit, které části portálu se používají, abychom je mohli zlepšovat. Ukládáme je jen s vaším souhlasem.\n\n## Jak cookies spravovat\n\nCookies můžete kdykoli smazat nebo zablokovat v nastavení prohlížeče. Po smazání nezbytných cookies budete odhlášeni a portál se zeptá na jazyk znovu.',
    },
    'privacy-policy': {
      title: 'Zásady ochrany osobních údajů',
      body: '## Správce údajů\n\nSprávcem vašich osobních údajů je provozovatel portálu Estately. S dotazy k ochraně údajů nám napište na kontaktní e-mail uvedený v patičce.\n\n## Jaké údaje zpracováváme\n\n- údaje o účtu: e-mail, jméno, telefon a adresu, pokud je vyplníte,\n- obsah, který zveřejníte: nabídky, fotografie a zprávy prodejcům,\n- nastavení: oblíbené nabídky, hlídací psy, jazyk a měnu,\n- technické údaje: IP adresu a údaje o prohlížeči kvůli bezpečnosti.\n\n## Proč je zpracováváme\n\nÚdaje potřebujeme ke správě vašeho účtu, ke zveřejnění vašich nabídek, k zasílání e-mailů hlídacích psů a k doručení vašich zpráv prodejcům. Technické údaje používáme k ochraně portálu před zneužitím.\n\n## Jak dlouho je uchováváme\n\nÚdaje o účtu uchováváme po dobu jeho trvání. Po zrušení účtu je do 30 dnů smažeme, pokud nám zákon neukládá je uchovat déle.\n\n## Vaše práva\n\nMáte právo na přístup ke svým údajům, jejich opravu, výmaz, omezení zpracování a přenositelnost. Proti zpracování můžete vznést námitku a máte právo podat stížnost u Úřadu pro ochranu osobních údajů.',
    },
  },
  sk: {
    terms: {
      title: 'Obchodné podmienky',
      body: '## Úvod\n\nTieto podmienky upravujú používanie portálu Estately.\n\n## Inzercia\n\nInzerent zodpovedá za pravdivosť údajov v inzeráte.',
    },
    'cookie-policy': {
      title: 'Zásady používania cookies',
      body: '## Čo sú cookies\n\nCookies sú malé súbory uložené vo vašom prehliadači.',
    },
    'privacy-policy': {
      title: 'Ochrana osobných údajov',
      body: '## Prevádzkovateľ\n\nPrevádzkovateľom osobných údajov je portál Estately.\n\n## Vaše práva\n\nMáte právo na prístup, opravu a vymazanie údajov.',
    },
  },

  de: {
    terms: {
      title: 'Allgemeine Geschäftsbedingungen',
      body: '## Einleitung\n\nDiese Bedingungen regeln die Nutzung des Portals Estately.\n\n## Inserate\n\nInserenten sind für die Richtigkeit ihrer Angaben verantwortlich.',
    },
    'cookie-policy': {
      title: 'Cookie-Richtlinie',
      body: '## Was sind Cookies\n\nCookies sind kleine Dateien in Ihrem Browser.\n\n## Welche wir verwenden\n\nNotwendige Cookies für Anmeldung, Sprache und Währung; Statistik nur mit Ihrer Zustimmung.',
    },
    'privacy-policy': {
      title: 'Datenschutzerklärung',
      body: '## Verantwortlicher\n\nVerantwortlich ist der Betreiber von Estately.\n\n## Ihre Rechte\n\nSie haben das Recht auf Auskunft, Berichtigung und Löschung.',
    },
  },

  pl: {
    terms: {
      title: 'Regulamin',
      body: '## Wstęp\n\nNiniejszy regulamin określa zasady korzystania z portalu Estately.',
    },
    'cookie-policy': {
      title: 'Polityka cookies',
      body: '## Czym są cookies\n\nCookies to małe pliki zapisywane w przeglądarce.',
    },
    'privacy-policy': {
      title: 'Polityka prywatności',
      body: '## Administrator\n\nAdministratorem danych jest operator portalu Estately.',
    },
  },
  en: {
    terms: {
      title: 'Terms of Use',
      body: '## Introduction\n\nThese terms govern the use of Estately, the portal where people search for, offer and rent apartments and houses. By using the portal you accept these terms. If you do not agree with them, please do not use the portal.\n\n## Your account\n\nAny adult person or company may open an account. Give true details when you sign up and keep your password to yourself. You are responsible for everything that happens under your account.\n\n- One person or company may hold one account.\n- You can close your account at any time in the settings.\n- We may suspend an account that breaks these terms.\n\n## Listings\n\nAdvertisers are responsible for their offers being true and up to date, and for having the right to offer the property. The price must be the real one, photos must show the property on offer, and the energy rating must be given where the law requires it.\n\nPlease take down sold or rented offers without undue delay.\n\n## Content that is not allowed\n\nYou may not publish misleading offers, offers of properties that do not exist, abusive content, or other people’s contact details without their consent. We remove offers that users report and that break these terms.\n\n## Liability\n\nEstately brings interested people and advertisers together but is not a party to their contract. Advertisers are responsible for the content of their offers. Before you sign anything, always check who owns the property in the land registry.\n\n## Final provisions\n\nWe may change these terms; we will tell you about important changes by e-mail in advance. Anything these terms do not cover is governed by the laws of the Czech Republic.',
    },
    'cookie-policy': {
      title: 'Cookie Policy',
      body: '## What cookies are\n\nCookies are small text files your browser stores when you visit a website. They let the portal remember, for example, your language or that you are signed in.\n\n## Essential cookies\n\nThe portal does not work without these cookies, so we always use them:\n\n- token and refresh_token: keep you signed in (7 and 30 days),\n- locale: the language you chose (365 days),\n- currency: the currency prices are shown in (365 days),\n- stats_token: counts a view of an offer only once in 3 hours.\n\n## Analytics cookies\n\nAnalytics cookies help us see which parts of the portal are used, so that we can improve them. We only set them with your consent.\n\n## Managing cookies\n\nYou can delete or block cookies at any time in your browser’s settings. If you delete the essential cookies, you will be signed out and the portal will ask for your language again.',
    },
    'privacy-policy': {
      title: 'Privacy Policy',
      body: '## Who controls your data\n\nThe operator of Estately controls your personal data. If you have questions about data protection, write to the contact address in the footer.\n\n## What data we process\n\n- account details: e-mail, name, and phone and address if you give them,\n- content you publish: offers, photos and messages to sellers,\n- settings: favourite offers, watch-dogs, language and currency,\n- technical data: IP address and browser details, for security.\n\n## Why we process it\n\nWe need the data to run your account, publish your offers, send your watch-dog e-mails and deliver your messages to sellers. Technical data helps us protect the portal from abuse.\n\n## How long we keep it\n\nWe keep account data for as long as the account exists. After you close your account we delete it within 30 days, unless the law requires us to keep it longer.\n\n## Your rights\n\nYou have the right to access your data, to have it corrected or erased, to restrict its processing and to take it elsewhere. You may object to the processing and complain to your data protection authority.',
    },
  },
};

export const BLOG_POSTS: {
  key: string;
  texts: Record<string, { title: string; excerpt: string; body: string }>;
}[] = [
  {
    key: 'mortgage-basics',
    texts: {
      cs: {
        title: 'Jak na první hypotéku',
        excerpt: 'Co si připravit, než půjdete do banky, a jak porovnat nabídky.',
        body: 'Koupě prvního bytu začíná obvykle v bance. Čím lépe budete připraveni, tím rychleji dostanete odpověď a tím lepší úrok můžete vyjednat.\n\n## Vlastní zdroje\n\nBanky dnes půjčují nejvýše 80 až 90 % ceny nemovitosti. Zbytek musíte mít naspořený, a k tomu ještě peníze na daně, poplatky, odhad a rezervu na stěhování.\n\n## Co si připravit\n\n- potvrzení o příjmu za poslední tři měsíce,\n- výpisy z účtu,\n- přehled ostatních půjček a splátek,\n- kupní smlouvu nebo rezervační smlouvu k vybrané nemovitosti.\n\n## Porovnávejte celkové náklady\n\nNedívejte se jen na úrokovou sazbu. Porovnejte i poplatky za vedení úvěru, pojištění a podmínky mimořádných splátek. Rozdíl mezi bankami se za dvacet let splácení snadno vyšplhá na statisíce.',
      },
      en: {
        title: 'Your first mortgage',
        excerpt: 'What to prepare before you visit a bank, and how to compare offers.',
        body: 'Buying your first home usually starts at the bank. The better prepared you are, the faster you get an answer and the better the rate you can negotiate.\n\n## Your deposit\n\nLenders today lend at most 80 to 90% of the property’s price. You need to have saved the rest, plus money for taxes, fees, the valuation and a reserve for the move.\n\n## What to prepare\n\n- proof of income for the last three months,\n- bank statements,\n- a list of your other loans and repayments,\n- the purchase or reservation agreement for the property you chose.\n\n## Compare the total cost\n\nDo not look at the interest rate alone. Compare the account fees, the insurance and the terms for early repayment too. Over twenty years of repayments, the difference between lenders easily adds up to tens of thousands.',
      },
      ...BLOG_TRANSLATIONS['mortgage-basics'],
    },
  },
  {
    key: 'viewing-checklist',
    texts: {
      cs: {
        title: 'Na co se dívat při prohlídce',
        excerpt: 'Kontrolní seznam, díky kterému na prohlídce nic nepřehlédnete.',
        body: 'Fotografie v inzerátu ukážou byt v nejlepším světle. Na prohlídce proto věnujte pozornost hlavně tomu, co na fotkách vidět není.\n\n## Stav bytu\n\n- vlhkost a plíseň v rozích, za nábytkem a v koupelně,\n- okna: těsní, dobře se otevírají, nejsou zamlžená mezi skly?\n- elektroinstalace a rozvody vody: kdy byly naposledy vyměněny?\n- podlahy a dveře.\n\n## Dům a okolí\n\nPodívejte se do sklepa a na společné prostory. Zeptejte se na fond oprav a plánované opravy domu. Přijďte se podívat i večer: uslyšíte, jak je ulice hlučná, a uvidíte, jestli je kde parkovat.\n\n## Dokumenty\n\nPožádejte o průkaz energetické náročnosti budovy (PENB) a výpis z katastru nemovitostí. U družstevního bytu si přečtěte stanovy družstva.',
      },
      en: {
        title: 'What to check at a viewing',
        excerpt: 'A checklist so that nothing escapes you at a viewing.',
        body: 'The photos in an offer show a flat at its best. At a viewing, pay attention above all to what the photos do not show.\n\n## The flat itself\n\n- damp and mould in corners, behind furniture and in the bathroom,\n- windows: do they seal, open easily, and is there condensation between the panes?\n- wiring and plumbing: when were they last replaced?\n- floors and doors.\n\n## The building and the area\n\nLook at the cellar and the shared areas. Ask about the repair fund and planned work on the building. Come back in the evening too: you will hear how noisy the street is and see whether there is anywhere to park.\n\n## Documents\n\nAsk for the energy performance certificate and an extract from the land registry. For a cooperative flat, read the cooperative’s statutes.',
      },
      ...BLOG_TRANSLATIONS['viewing-checklist'],
    },
  },
  {
    key: 'renting-abroad',
    texts: {
      cs: {
        title: 'Pronájem v zahraničí',
        excerpt: 'Na co si dát pozor, když si pronajímáte bydlení mimo Česko.',
        body: 'Pronájem v jiné zemi se řídí jinými pravidly, než na jaká jsme zvyklí doma. Než podepíšete smlouvu, ověřte si pár věcí.\n\n## Kauce a platby\n\nVýše kauce se mezi zeměmi liší, v Německu například smí být nejvýše trojnásobek nájemného bez služeb. Nikdy neposílejte peníze předem, dokud jste byt neviděli vy nebo někdo, komu věříte.\n\n## Délka nájmu a výpověď\n\nZjistěte, zda je smlouva na dobu určitou, a jak dlouhá je výpovědní lhůta. V některých zemích se nájem automaticky prodlužuje.\n\n## Kdo platí provizi\n\nV řadě zemí platí provizi realitní kanceláři ten, kdo si ji objednal, tedy obvykle pronajímatel. Pokud po vás provizi chtějí, zeptejte se, na základě čeho.',
      },
      en: {
        title: 'Renting abroad',
        excerpt: 'What to watch out for when you rent a home in another country.',
        body: 'Renting in another country follows rules that differ from the ones you know at home. Check a few things before you sign.\n\n## Deposit and payments\n\nDeposits differ between countries; in Germany, for example, a deposit may be at most three months’ rent without service charges. Never send money in advance until you, or someone you trust, have seen the flat.\n\n## Length of the tenancy and notice\n\nFind out whether the contract is for a fixed term and how long the notice period is. In some countries a tenancy renews itself automatically.\n\n## Who pays the agency fee\n\nIn many countries the agency fee is paid by whoever hired the agency, usually the landlord. If you are asked to pay it, ask on what grounds.',
      },
      ...BLOG_TRANSLATIONS['renting-abroad'],
    },
  },
];
