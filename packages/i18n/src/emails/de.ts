import type { EmailCatalog } from './en.ts';

export const de: EmailCatalog = {
  greeting: 'Hallo {name},',
  greeting_anonymous: 'Guten Tag,',
  sign_off: 'Viele Grüße',
  team: 'Ihr Estately-Team',
  link_fallback:
    'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser: {url}',
  // Issue 44 point 3: shared search boards (decision 071).
  'board.subject': '{name} teilt die Suchpinnwand „{board}“ mit Ihnen',
  'board.intro': '{name} lädt Sie zur gemeinsamen Suchpinnwand „{board}“ bei Estately ein.',
  'board.what':
    'Auf der Pinnwand sammeln Sie Angebote gemeinsam: Markieren Sie jedes als „ansehen“, „Besichtigung vereinbart“, „abgelehnt“ oder „Favorit“, tragen Sie Besichtigungstermine und Notizen ein und sehen Sie die Änderungen der anderen sofort.',
  'board.button': 'Einladung annehmen',
  'board.expiry':
    '{days, plural, one {Der Link ist # Tag gültig und funktioniert einmal.} other {Der Link ist # Tage gültig und funktioniert einmal.}}',
  'board.ignore':
    'Wenn Sie den Absender nicht kennen, ignorieren Sie diese E-Mail. Niemand erhält dadurch Zugriff auf Ihre Daten.',
  'confirm.subject': 'Bestätigen Sie Ihre E-Mail-Adresse',
  'confirm.intro':
    'Vielen Dank für Ihre Registrierung bei Estately. Bitte bestätigen Sie Ihre E-Mail-Adresse, um Ihr Konto zu aktivieren.',
  'confirm.button': 'E-Mail bestätigen',
  'confirm.expiry':
    '{hours, plural, one {Der Link ist # Stunde gültig.} other {Der Link ist # Stunden gültig.}}',
  'confirm.ignore': 'Wenn Sie kein Konto erstellt haben, können Sie diese E-Mail ignorieren.',
  'change.subject': 'Bestätigen Sie Ihre neue E-Mail-Adresse',
  'change.intro':
    'Sie möchten sich bei Estately künftig mit einer neuen E-Mail-Adresse anmelden: {email}. Bitte bestätigen Sie sie, um die Änderung abzuschließen.',
  'change.button': 'Neue Adresse bestätigen',
  'change.expiry':
    '{hours, plural, one {Der Link ist # Stunde gültig.} other {Der Link ist # Stunden gültig.}}',
  'change.ignore':
    'Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail. Sie melden sich weiterhin mit Ihrer bisherigen Adresse an.',
  'changed.subject': 'Ihre Anmelde-E-Mail-Adresse wurde geändert',
  'changed.intro': 'Die E-Mail-Adresse, mit der Sie sich bei Estately anmelden, wurde auf {email} geändert.',
  'changed.not_you':
    'Falls Sie diese Änderung nicht selbst vorgenommen haben, setzen Sie bitte sofort Ihr Passwort zurück, um Ihr Konto zu schützen.',
  'reset.subject': 'Passwort zurücksetzen',
  'reset.intro': 'Wir haben eine Anfrage zum Zurücksetzen des Passworts für Ihr Konto erhalten.',
  'reset.button': 'Neues Passwort festlegen',
  'reset.expiry':
    '{hours, plural, one {Der Link ist # Stunde gültig.} other {Der Link ist # Stunden gültig.}}',
  'reset.ignore':
    'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail. Ihr Passwort bleibt unverändert.',
  'password_changed.subject': 'Ihr Passwort wurde geändert',
  'password_changed.intro': 'Das Passwort Ihres Estately-Kontos wurde am {date} geändert.',
  'password_changed.not_you':
    'Falls Sie das nicht waren, setzen Sie bitte sofort Ihr Passwort zurück, um Ihr Konto zu schützen.',
  'security.button': 'Passwort zurücksetzen',
  'watchdog.subject':
    '{count, plural, one {# neues Angebot für Ihren Suchauftrag „{name}“} other {# neue Angebote für Ihren Suchauftrag „{name}“}}',
  'watchdog.intro':
    '{count, plural, one {Wir haben # neues Angebot für Ihren Suchauftrag „{name}“ gefunden.} other {Wir haben # neue Angebote für Ihren Suchauftrag „{name}“ gefunden.}}',
  'watchdog.button': 'Neue Angebote ansehen',
  'watchdog.manage': 'Suchaufträge verwalten',
  'watchdog.reason': 'Sie erhalten diese E-Mail, weil Sie bei Estately einen Suchauftrag angelegt haben.',
  unsubscribe: 'Diese E-Mails abbestellen',
  'message.subject': 'Neue Nachricht zu Ihrem Angebot',
  'message.intro': '{name} hat Ihnen eine Nachricht zu Ihrem Angebot geschickt:',
  'message.offer.sale_apartment': 'Wohnung zum Kauf',
  'message.offer.sale_house': 'Haus zum Kauf',
  'message.offer.rent_apartment': 'Wohnung zur Miete',
  'message.offer.rent_house': 'Haus zur Miete',
  'message.from': 'Von',
  'message.email': 'E-Mail',
  'message.phone': 'Telefon',
  'message.tour_date': 'Gewünschter Besichtigungstermin: {date}',
  'message.reply': 'Auf die Nachricht antworten',
  'message.view_offer': 'Angebot ansehen',
  'message.reason':
    'Sie erhalten diese E-Mail, weil Ihr Angebot auf Estately veröffentlicht ist. Mit einer Antwort schreiben Sie direkt dem Absender.',
  // Lead threads (issue 38 point 10)
  'message.reply_in_product': 'Auf Estately antworten',
  'reply.subject': 'Der Anbieter hat auf Ihre Nachricht geantwortet',
  'reply.intro': '{name} hat auf Ihre Nachricht zum Angebot geantwortet:',
  'reply.intro_anonymous': 'Der Anbieter hat auf Ihre Nachricht zum Angebot geantwortet:',
  'reply.button': 'Lesen und antworten',
  'reply.how':
    'Bitte antworten Sie über die Schaltfläche oben. Antworten auf diese E-Mail erreichen den Anbieter nicht.',
  'reply.reason':
    'Sie erhalten diese E-Mail, weil Sie einem Anbieter auf Estately geschrieben haben. Der Link öffnet Ihre Unterhaltung ohne Anmeldung, bitte leiten Sie diese E-Mail daher nicht weiter.',
  'answer.subject': 'Neue Antwort in Ihrer Unterhaltung',
  'answer.intro': '{name} hat in der Unterhaltung zu Ihrem Angebot geantwortet:',
  'answer.button': 'Unterhaltung öffnen',
  'answer.reason':
    'Sie erhalten diese E-Mail, weil Ihr Angebot auf Estately veröffentlicht ist und Ihnen ein Interessent geschrieben hat.',
  // "Still available?" (issue 43 point 5)
  'availability.subject': 'Ist Ihr Angebot noch verfügbar?',
  'availability.intro':
    'Ihr Angebot wurde seit dem {date} nicht aktualisiert. Bitte teilen Sie uns mit, ob die Immobilie noch verfügbar ist, damit sich Interessenten darauf verlassen können.',
  'availability.available': 'Ja, noch verfügbar',
  'availability.sold': 'Nein, verkauft oder vermietet',
  'availability.consequence':
    'Ohne Antwort wird das Angebot ab dem {unconfirmed_date} als „nicht kürzlich bestätigt“ gekennzeichnet und in den Suchergebnissen weiter unten angezeigt; am {withdraw_date} wird es zurückgezogen. Sie können es jederzeit wieder veröffentlichen.',
  'availability.own_offers': 'Zu meinen Angeboten',
  'availability.reason':
    'Sie erhalten diese E-Mail, weil Ihr Angebot auf Estately veröffentlicht ist. Jede Schaltfläche funktioniert einmal und ohne Anmeldung. Bitte leiten Sie diese E-Mail daher nicht weiter.',
  'withdrawn.subject': 'Ihr Angebot wurde zurückgezogen',
  'withdrawn.intro':
    'Am {date} haben wir gefragt, ob Ihr Angebot noch verfügbar ist, und keine Antwort erhalten. Deshalb haben wir es aus der Suche genommen. Es wurde nichts gelöscht.',
  'withdrawn.button': 'Wieder veröffentlichen',
  'withdrawn.reason': 'Sie erhalten diese E-Mail, weil Ihr Angebot auf Estately veröffentlicht war.',
  // Alerts on every change (issue 44 point 2, decision 070)
  'alert.price_drop': 'Preis gesenkt',
  'alert.back_on_market': 'Wieder auf dem Markt',
  'alert.reserved': 'Reserviert',
  'alert.sold': 'Verkauft',
  'alert.rented': 'Vermietet',
  'alert.withdrawn': 'Vom Markt genommen',
  'favorites.subject':
    '{count, plural, one {Einer Ihrer Favoriten hat sich geändert} other {# Ihrer Favoriten haben sich geändert}}',
  'favorites.intro':
    '{count, plural, one {Ein Angebot, das Sie als Favorit gespeichert haben, hat sich geändert. Das ist neu:} other {# Angebote, die Sie als Favoriten gespeichert haben, haben sich geändert. Das ist neu:}}',
  'favorites.price_drop': 'Preis gesenkt von {old} auf {new}',
  'favorites.button': 'Meine Favoriten anzeigen',
  'favorites.reason':
    'Sie erhalten diese E-Mail, weil Sie diese Angebote bei Estately als Favoriten gespeichert haben. Sie können diese E-Mails in Ihren Einstellungen oder über den Link unten abbestellen.',
  'favorites.settings': 'E-Mail-Einstellungen',
};
