import type { EmailCatalog } from './en.ts';

export const nl: EmailCatalog = {
  greeting: 'Beste {name},',
  greeting_anonymous: 'Goedendag,',
  sign_off: 'Met vriendelijke groet,',
  team: 'Het Estately-team',
  link_fallback: 'Werkt de knop niet? Kopieer dan deze link naar je browser: {url}',
  // Issue 44 point 3: shared search boards (decision 071).
  'board.subject': '{name} deelt het zoekbord ‘{board}’ met u',
  'board.intro': '{name} nodigt u uit voor het gedeelde zoekbord ‘{board}’ op Estately.',
  'board.what':
    'Op het bord verzamelt u samen woningen: markeer elke woning als bekijken, bezichtiging gepland, afgewezen of favoriet, voeg bezichtigingsdata en notities toe en zie elkaars wijzigingen meteen.',
  'board.button': 'Uitnodiging accepteren',
  'board.expiry':
    '{days, plural, one {De link is # dag geldig en werkt één keer.} other {De link is # dagen geldig en werkt één keer.}}',
  'board.ignore':
    'Kent u de afzender niet, negeer deze e-mail dan. Niemand krijgt zo toegang tot uw gegevens.',
  'confirm.subject': 'Bevestig je e-mailadres',
  'confirm.intro':
    'Bedankt voor je registratie bij Estately. Bevestig je e-mailadres om je account te activeren.',
  'confirm.button': 'E-mailadres bevestigen',
  'confirm.expiry': '{hours, plural, one {De link is # uur geldig.} other {De link is # uur geldig.}}',
  'confirm.ignore': 'Heb je geen account aangemaakt? Dan kun je deze e-mail negeren.',
  'change.subject': 'Bevestig je nieuwe e-mailadres',
  'change.intro':
    'Je hebt gevraagd om voortaan met een nieuw e-mailadres in te loggen bij Estately: {email}. Bevestig het om de wijziging af te ronden.',
  'change.button': 'Nieuw adres bevestigen',
  'change.expiry': '{hours, plural, one {De link is # uur geldig.} other {De link is # uur geldig.}}',
  'change.ignore':
    'Heb je dit niet aangevraagd? Negeer dan deze e-mail. Je blijft inloggen met je huidige adres.',
  'changed.subject': 'Je e-mailadres om in te loggen is gewijzigd',
  'changed.intro': 'Het e-mailadres waarmee je inlogt bij Estately is gewijzigd in {email}.',
  'changed.not_you':
    'Heb je deze wijziging niet zelf gedaan? Stel dan meteen een nieuw wachtwoord in om je account te beveiligen.',
  'reset.subject': 'Stel je wachtwoord opnieuw in',
  'reset.intro': 'We hebben een verzoek ontvangen om het wachtwoord van je account opnieuw in te stellen.',
  'reset.button': 'Nieuw wachtwoord instellen',
  'reset.expiry': '{hours, plural, one {De link is # uur geldig.} other {De link is # uur geldig.}}',
  'reset.ignore': 'Heb je dit niet aangevraagd? Negeer dan deze e-mail. Je wachtwoord blijft ongewijzigd.',
  'password_changed.subject': 'Je wachtwoord is gewijzigd',
  'password_changed.intro': 'Het wachtwoord van je Estately-account is gewijzigd op {date}.',
  'password_changed.not_you':
    'Was jij dit niet? Stel dan meteen een nieuw wachtwoord in om je account te beveiligen.',
  'security.button': 'Wachtwoord opnieuw instellen',
  'watchdog.subject':
    '{count, plural, one {# nieuwe woning voor je zoekopdracht ‘{name}’} other {# nieuwe woningen voor je zoekopdracht ‘{name}’}}',
  'watchdog.intro':
    '{count, plural, one {We hebben # nieuwe woning gevonden voor je zoekopdracht ‘{name}’.} other {We hebben # nieuwe woningen gevonden voor je zoekopdracht ‘{name}’.}}',
  'watchdog.button': 'Nieuw aanbod bekijken',
  'watchdog.manage': 'Zoekopdrachten beheren',
  'watchdog.reason': 'Je ontvangt deze e-mail omdat je bij Estately een zoekopdracht hebt aangemaakt.',
  unsubscribe: 'Afmelden voor deze e-mails',
  'message.subject': 'Nieuw bericht over je advertentie',
  'message.intro': '{name} heeft je een bericht gestuurd over je advertentie:',
  'message.offer.sale_apartment': 'Appartement te koop',
  'message.offer.sale_house': 'Huis te koop',
  'message.offer.rent_apartment': 'Appartement te huur',
  'message.offer.rent_house': 'Huis te huur',
  'message.from': 'Van',
  'message.email': 'E-mail',
  'message.phone': 'Telefoon',
  'message.tour_date': 'Gewenste datum voor een bezichtiging: {date}',
  'message.reply': 'Bericht beantwoorden',
  'message.view_offer': 'Bekijk de advertentie',
  'message.reason':
    'Je ontvangt deze e-mail omdat je advertentie op Estately staat. Als je antwoordt, schrijf je rechtstreeks aan de afzender.',
  // Lead threads (issue 38 point 10)
  'message.reply_in_product': 'Antwoorden op Estately',
  'reply.subject': 'De verkoper heeft op uw bericht gereageerd',
  'reply.intro': '{name} heeft gereageerd op uw bericht over de advertentie:',
  'reply.intro_anonymous': 'De verkoper heeft gereageerd op uw bericht over de advertentie:',
  'reply.button': 'Lezen en antwoorden',
  'reply.how':
    'Gebruik de knop hierboven om te antwoorden. Antwoorden op deze e-mail komen niet bij de verkoper aan.',
  'reply.reason':
    'U ontvangt deze e-mail omdat u via Estately een verkoper hebt geschreven. De link opent uw gesprek zonder in te loggen, stuur deze e-mail dus niet door.',
  'answer.subject': 'Nieuw antwoord in uw gesprek',
  'answer.intro': '{name} heeft geantwoord in het gesprek over uw advertentie:',
  'answer.button': 'Gesprek openen',
  'answer.reason':
    'U ontvangt deze e-mail omdat uw advertentie op Estately staat en een geïnteresseerde u heeft geschreven.',
  // "Still available?" (issue 43 point 5)
  'availability.subject': 'Is uw aanbod nog beschikbaar?',
  'availability.intro':
    'Uw aanbod is sinds {date} niet bijgewerkt. Laat ons weten of de woning nog beschikbaar is, zodat geïnteresseerden erop kunnen vertrouwen.',
  'availability.available': 'Ja, nog beschikbaar',
  'availability.sold': 'Nee, verkocht of verhuurd',
  'availability.consequence':
    'Zonder antwoord wordt het aanbod vanaf {unconfirmed_date} gemarkeerd als niet recent bevestigd en lager getoond in de zoekresultaten, en op {withdraw_date} wordt het ingetrokken. U kunt het op elk moment opnieuw publiceren.',
  'availability.own_offers': 'Naar mijn aanbod',
  'availability.reason':
    'U ontvangt deze e-mail omdat uw aanbod op Estately staat. Elke knop werkt één keer en zonder inloggen, dus stuur deze e-mail niet door.',
  'withdrawn.subject': 'Uw aanbod is ingetrokken',
  'withdrawn.intro':
    'Op {date} hebben we gevraagd of uw aanbod nog beschikbaar is en we hebben geen antwoord gekregen. Daarom hebben we het uit de zoekresultaten gehaald. Er is niets verwijderd.',
  'withdrawn.button': 'Opnieuw publiceren',
  'withdrawn.reason': 'U ontvangt deze e-mail omdat uw aanbod op Estately stond.',
  // Alerts on every change (issue 44 point 2, decision 070)
  'alert.price_drop': 'Prijs verlaagd',
  'alert.back_on_market': 'Weer op de markt',
  'alert.reserved': 'Onder bod',
  'alert.sold': 'Verkocht',
  'alert.rented': 'Verhuurd',
  'alert.withdrawn': 'Van de markt gehaald',
  'favorites.subject':
    '{count, plural, one {Een van je favorieten is gewijzigd} other {# van je favorieten zijn gewijzigd}}',
  'favorites.intro':
    '{count, plural, one {Een woning die je als favoriet hebt bewaard, is gewijzigd. Dit is er nieuw:} other {# woningen die je als favoriet hebt bewaard, zijn gewijzigd. Dit is er nieuw:}}',
  'favorites.price_drop': 'Prijs verlaagd van {old} naar {new}',
  'favorites.button': 'Mijn favorieten bekijken',
  'favorites.reason':
    'Je ontvangt deze e-mail omdat je deze woningen als favoriet hebt bewaard op Estately. Je kunt deze e-mails uitzetten in je instellingen of via de link hieronder.',
  'favorites.settings': 'E-mailinstellingen',
};
