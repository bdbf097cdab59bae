import type { EmailCatalog } from './en.ts';

export const pl: EmailCatalog = {
  greeting: 'Dzień dobry, {name},',
  greeting_anonymous: 'Dzień dobry,',
  sign_off: 'Pozdrawiamy',
  team: 'Zespół Estately',
  link_fallback: 'Jeśli przycisk nie działa, skopiuj ten link do przeglądarki: {url}',
  // Issue 44 point 3: shared search boards (decision 071).
  'board.subject': '{name} udostępnia Ci tablicę wyszukiwania „{board}”',
  'board.intro': '{name} zaprasza Cię do wspólnej tablicy wyszukiwania „{board}” w Estately.',
  'board.what':
    'Na tablicy wspólnie zbieracie oferty: oznaczajcie każdą jako do obejrzenia, umówione oglądanie, odrzucona lub ulubiona, dodawajcie terminy oglądania i notatki, a zmiany innych widzicie od razu.',
  'board.button': 'Przyjmij zaproszenie',
  'board.expiry':
    '{days, plural, one {Link jest ważny # dzień i działa jeden raz.} few {Link jest ważny # dni i działa jeden raz.} many {Link jest ważny # dni i działa jeden raz.} other {Link jest ważny # dnia i działa jeden raz.}}',
  'board.ignore':
    'Jeśli nie znasz nadawcy, zignoruj tę wiadomość. Nikt nie uzyska w ten sposób dostępu do Twoich danych.',
  'confirm.subject': 'Potwierdź swój adres e-mail',
  'confirm.intro': 'Dziękujemy za rejestrację w Estately. Potwierdź swój adres e-mail, aby aktywować konto.',
  'confirm.button': 'Potwierdź e-mail',
  'confirm.expiry':
    '{hours, plural, one {Link jest ważny przez # godzinę.} few {Link jest ważny przez # godziny.} many {Link jest ważny przez # godzin.} other {Link jest ważny przez # godziny.}}',
  'confirm.ignore': 'Jeśli konto nie zostało założone przez Ciebie, zignoruj tę wiadomość.',
  'change.subject': 'Potwierdź nowy adres e-mail',
  'change.intro':
    'Otrzymaliśmy prośbę o logowanie do Estately nowym adresem e-mail: {email}. Potwierdź go, aby dokończyć zmianę.',
  'change.button': 'Potwierdź nowy adres',
  'change.expiry':
    '{hours, plural, one {Link jest ważny przez # godzinę.} few {Link jest ważny przez # godziny.} many {Link jest ważny przez # godzin.} other {Link jest ważny przez # godziny.}}',
  'change.ignore':
    'Jeśli ta prośba nie pochodzi od Ciebie, zignoruj tę wiadomość. Nadal będziesz logować się obecnym adresem.',
  'changed.subject': 'Twój adres e-mail do logowania został zmieniony',
  'changed.intro': 'Adres e-mail, którym logujesz się do Estately, został zmieniony na {email}.',
  'changed.not_you':
    'Jeśli ta zmiana nie pochodzi od Ciebie, natychmiast zresetuj hasło, aby zabezpieczyć konto.',
  'reset.subject': 'Zmiana hasła',
  'reset.intro': 'Otrzymaliśmy prośbę o zmianę hasła do Twojego konta.',
  'reset.button': 'Ustaw nowe hasło',
  'reset.expiry':
    '{hours, plural, one {Link jest ważny przez # godzinę.} few {Link jest ważny przez # godziny.} many {Link jest ważny przez # godzin.} other {Link jest ważny przez # godziny.}}',
  'reset.ignore': 'Jeśli to nie Ty, zignoruj tę wiadomość. Twoje hasło pozostanie bez zmian.',
  'password_changed.subject': 'Twoje hasło zostało zmienione',
  'password_changed.intro': 'Hasło do Twojego konta Estately zostało zmienione {date}.',
  'password_changed.not_you': 'Jeśli to nie Ty, natychmiast zresetuj hasło, aby zabezpieczyć konto.',
  'security.button': 'Zresetuj hasło',
  'watchdog.subject':
    '{count, plural, one {# nowa oferta dla alertu „{name}”} few {# nowe oferty dla alertu „{name}”} many {# nowych ofert dla alertu „{name}”} other {# nowej oferty dla alertu „{name}”}}',
  'watchdog.intro':
    '{count, plural, one {Znaleźliśmy # nową ofertę pasującą do alertu „{name}”.} few {Znaleźliśmy # nowe oferty pasujące do alertu „{name}”.} many {Znaleźliśmy # nowych ofert pasujących do alertu „{name}”.} other {Znaleźliśmy # nowej oferty pasującej do alertu „{name}”.}}',
  'watchdog.button': 'Zobacz nowe oferty',
  'watchdog.manage': 'Zarządzaj alertami',
  'watchdog.reason': 'Otrzymujesz tę wiadomość, ponieważ masz w Estately alert wyszukiwania.',
  unsubscribe: 'Wypisz się z tych wiadomości',
  'message.subject': 'Nowa wiadomość dotycząca Twojego ogłoszenia',
  'message.intro': '{name} wysłał(a) Ci wiadomość dotyczącą Twojego ogłoszenia:',
  'message.offer.sale_apartment': 'Mieszkanie na sprzedaż',
  'message.offer.sale_house': 'Dom na sprzedaż',
  'message.offer.rent_apartment': 'Mieszkanie na wynajem',
  'message.offer.rent_house': 'Dom na wynajem',
  'message.from': 'Od',
  'message.email': 'E-mail',
  'message.phone': 'Telefon',
  'message.tour_date': 'Proponowany termin oglądania: {date}',
  'message.reply': 'Odpowiedz na wiadomość',
  'message.view_offer': 'Zobacz ogłoszenie',
  'message.reason':
    'Otrzymujesz tę wiadomość, ponieważ Twoje ogłoszenie jest opublikowane w Estately. Odpowiadając na nią, piszesz do nadawcy.',
  // Lead threads (issue 38 point 10)
  'message.reply_in_product': 'Odpowiedz w Estately',
  'reply.subject': 'Sprzedający odpowiedział na Twoją wiadomość',
  'reply.intro': 'Masz odpowiedź na swoją wiadomość w sprawie oferty. Pisze {name}:',
  'reply.intro_anonymous': 'Sprzedający odpowiedział na Twoją wiadomość w sprawie oferty:',
  'reply.button': 'Przeczytaj i odpowiedz',
  'reply.how': 'Odpowiadaj za pomocą przycisku powyżej. Odpowiedź na ten e-mail nie dotrze do sprzedającego.',
  'reply.reason':
    'Otrzymujesz ten e-mail, ponieważ Twoja wiadomość do sprzedającego została wysłana przez Estately. Link otwiera Twoją rozmowę bez logowania, dlatego nie przekazuj tego e-maila dalej.',
  'answer.subject': 'Nowa odpowiedź w rozmowie',
  'answer.intro': 'W rozmowie o Twojej ofercie pisze {name}:',
  'answer.button': 'Otwórz rozmowę',
  'answer.reason':
    'Otrzymujesz ten e-mail, ponieważ Twoja oferta jest opublikowana w Estately i napisał do Ciebie zainteresowany.',
  // "Still available?" (issue 43 point 5)
  'availability.subject': 'Czy Twoje ogłoszenie jest nadal aktualne?',
  'availability.intro':
    'Twoje ogłoszenie nie było aktualizowane od {date}. Daj nam znać, czy nieruchomość jest nadal dostępna, aby zainteresowani mogli na nim polegać.',
  'availability.available': 'Tak, nadal jest dostępna',
  'availability.sold': 'Nie, jest sprzedana lub wynajęta',
  'availability.consequence':
    'Bez odpowiedzi od {unconfirmed_date} ogłoszenie zostanie oznaczone jako niedawno niepotwierdzone i będzie wyświetlane niżej w wynikach wyszukiwania, a {withdraw_date} zostanie wycofane. Możesz je w każdej chwili opublikować ponownie.',
  'availability.own_offers': 'Przejdź do moich ogłoszeń',
  'availability.reason':
    'Otrzymujesz tę wiadomość, ponieważ Twoje ogłoszenie jest opublikowane w Estately. Każdy przycisk działa jeden raz i bez logowania, dlatego nie przekazuj tej wiadomości dalej.',
  'withdrawn.subject': 'Twoje ogłoszenie zostało wycofane',
  'withdrawn.intro':
    '{date} zapytaliśmy, czy Twoje ogłoszenie jest nadal aktualne, i nie otrzymaliśmy odpowiedzi, dlatego wycofaliśmy je z wyszukiwania. Nic nie zostało usunięte.',
  'withdrawn.button': 'Opublikuj ponownie',
  'withdrawn.reason': 'Otrzymujesz tę wiadomość, ponieważ Twoje ogłoszenie było opublikowane w Estately.',
  // Alerts on every change (issue 44 point 2, decision 070)
  'alert.price_drop': 'Obniżona cena',
  'alert.back_on_market': 'Ponownie w ofercie',
  'alert.reserved': 'Zarezerwowane',
  'alert.sold': 'Sprzedane',
  'alert.rented': 'Wynajęte',
  'alert.withdrawn': 'Wycofane z oferty',
  'favorites.subject':
    '{count, plural, one {Zmiana w ulubionej ofercie} few {Zmiany w # ulubionych ofertach} many {Zmiany w # ulubionych ofertach} other {Zmiany w # ulubionych ofertach}}',
  'favorites.intro':
    '{count, plural, one {Oferta z Twoich ulubionych zmieniła się. Co nowego:} few {# oferty z Twoich ulubionych zmieniły się. Co nowego:} many {# ofert z Twoich ulubionych zmieniło się. Co nowego:} other {# oferty z Twoich ulubionych zmieniło się. Co nowego:}}',
  'favorites.price_drop': 'Cena obniżona z {old} do {new}',
  'favorites.button': 'Pokaż ulubione',
  'favorites.reason':
    'Otrzymujesz tę wiadomość, ponieważ masz te oferty w ulubionych w Estately. Możesz wyłączyć te e-maile w ustawieniach lub linkiem poniżej.',
  'favorites.settings': 'Ustawienia e-maili',
};
