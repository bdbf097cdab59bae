import type { EmailCatalog } from './en.ts';

export const it: EmailCatalog = {
  greeting: 'Ciao {name},',
  greeting_anonymous: 'Buongiorno,',
  sign_off: 'Cordiali saluti,',
  team: 'Il team di Estately',
  link_fallback: 'Se il pulsante non funziona, copia questo link nel browser: {url}',
  // Issue 44 point 3: shared search boards (decision 071).
  'board.subject': '{name} condivide con te la bacheca di ricerca “{board}”',
  'board.intro': '{name} ti invita alla bacheca di ricerca condivisa “{board}” su Estately.',
  'board.what':
    'Sulla bacheca raccogliete insieme gli annunci: segnate ognuno come da vedere, visita fissata, scartato o preferito, aggiungete date di visita e note e vedete subito le modifiche degli altri.',
  'board.button': 'Accetta l’invito',
  'board.expiry':
    '{days, plural, one {Il link è valido # giorno e si può usare una volta.} other {Il link è valido # giorni e si può usare una volta.}}',
  'board.ignore':
    'Se non conosci il mittente, ignora questa e-mail. Nessuno ottiene così accesso ai tuoi dati.',
  'confirm.subject': 'Conferma il tuo indirizzo e-mail',
  'confirm.intro':
    'Grazie per esserti registrato su Estately. Conferma il tuo indirizzo e-mail per attivare l’account.',
  'confirm.button': 'Conferma l’e-mail',
  'confirm.expiry': '{hours, plural, one {Il link è valido per # ora.} other {Il link è valido per # ore.}}',
  'confirm.ignore': 'Se non hai creato un account, puoi ignorare questa e-mail.',
  'change.subject': 'Conferma il tuo nuovo indirizzo e-mail',
  'change.intro':
    'Hai chiesto di accedere a Estately con un nuovo indirizzo e-mail: {email}. Confermalo per completare la modifica.',
  'change.button': 'Conferma il nuovo indirizzo',
  'change.expiry': '{hours, plural, one {Il link è valido per # ora.} other {Il link è valido per # ore.}}',
  'change.ignore':
    'Se non hai fatto tu questa richiesta, ignora questa e-mail. Continuerai ad accedere con l’indirizzo attuale.',
  'changed.subject': 'Il tuo indirizzo e-mail di accesso è stato modificato',
  'changed.intro': 'L’indirizzo e-mail con cui accedi a Estately è stato cambiato in {email}.',
  'changed.not_you':
    'Se non hai effettuato tu questa modifica, reimposta subito la password per proteggere il tuo account.',
  'reset.subject': 'Reimposta la tua password',
  'reset.intro': 'Abbiamo ricevuto una richiesta di reimpostazione della password del tuo account.',
  'reset.button': 'Imposta una nuova password',
  'reset.expiry': '{hours, plural, one {Il link è valido per # ora.} other {Il link è valido per # ore.}}',
  'reset.ignore': 'Se non l’hai richiesto tu, ignora questa e-mail. La tua password resta invariata.',
  'password_changed.subject': 'La tua password è stata modificata',
  'password_changed.intro': 'La password del tuo account Estately è stata modificata il {date}.',
  'password_changed.not_you':
    'Se non sei stato tu, reimposta subito la password per proteggere il tuo account.',
  'security.button': 'Reimposta la password',
  'watchdog.subject':
    '{count, plural, one {# nuovo annuncio per il tuo avviso «{name}»} other {# nuovi annunci per il tuo avviso «{name}»}}',
  'watchdog.intro':
    '{count, plural, one {Abbiamo trovato # nuovo annuncio per il tuo avviso di ricerca «{name}».} other {Abbiamo trovato # nuovi annunci per il tuo avviso di ricerca «{name}».}}',
  'watchdog.button': 'Vedi i nuovi annunci',
  'watchdog.manage': 'Gestisci gli avvisi di ricerca',
  'watchdog.reason': 'Ricevi questa e-mail perché hai creato un avviso di ricerca su Estately.',
  unsubscribe: 'Annulla l’iscrizione a queste e-mail',
  'message.subject': 'Nuovo messaggio sul tuo annuncio',
  'message.intro': '{name} ti ha inviato un messaggio sul tuo annuncio:',
  'message.offer.sale_apartment': 'Appartamento in vendita',
  'message.offer.sale_house': 'Casa in vendita',
  'message.offer.rent_apartment': 'Appartamento in affitto',
  'message.offer.rent_house': 'Casa in affitto',
  'message.from': 'Da',
  'message.email': 'E-mail',
  'message.phone': 'Telefono',
  'message.tour_date': 'Data di visita richiesta: {date}',
  'message.reply': 'Rispondi al messaggio',
  'message.view_offer': 'Vedi l’annuncio',
  'message.reason':
    'Ricevi questa e-mail perché il tuo annuncio è pubblicato su Estately. Rispondendo scrivi direttamente al mittente.',
  // Lead threads (issue 38 point 10)
  'message.reply_in_product': 'Rispondi su Estately',
  'reply.subject': 'Il venditore ha risposto al tuo messaggio',
  'reply.intro': '{name} ha risposto al tuo messaggio sull’annuncio:',
  'reply.intro_anonymous': 'Il venditore ha risposto al tuo messaggio sull’annuncio:',
  'reply.button': 'Leggi e rispondi',
  'reply.how':
    'Per rispondere usa il pulsante qui sopra. Le risposte a questa e-mail non arrivano al venditore.',
  'reply.reason':
    'Ricevi questa e-mail perché hai scritto a un venditore su Estately. Il link apre la conversazione senza accesso, quindi non inoltrare questa e-mail.',
  'answer.subject': 'Nuova risposta nella tua conversazione',
  'answer.intro': '{name} ha risposto nella conversazione sul tuo annuncio:',
  'answer.button': 'Apri la conversazione',
  'answer.reason':
    'Ricevi questa e-mail perché il tuo annuncio è pubblicato su Estately e una persona interessata ti ha scritto.',
  // "Still available?" (issue 43 point 5)
  'availability.subject': 'Il tuo annuncio è ancora valido?',
  'availability.intro':
    'Il tuo annuncio non è stato aggiornato dal {date}. Facci sapere se l’immobile è ancora disponibile, così chi lo trova potrà fidarsi.',
  'availability.available': 'Sì, è ancora disponibile',
  'availability.sold': 'No, è venduto o affittato',
  'availability.consequence':
    'Senza risposta, dal {unconfirmed_date} l’annuncio sarà segnalato come non confermato di recente e comparirà più in basso nei risultati di ricerca; il {withdraw_date} sarà ritirato. Potrai ripubblicarlo in qualsiasi momento.',
  'availability.own_offers': 'Vai ai miei annunci',
  'availability.reason':
    'Ricevi questa e-mail perché il tuo annuncio è pubblicato su Estately. Ogni pulsante funziona una sola volta e senza accesso, quindi non inoltrare questa e-mail.',
  'withdrawn.subject': 'Il tuo annuncio è stato ritirato',
  'withdrawn.intro':
    'Il {date} ti abbiamo chiesto se il tuo annuncio fosse ancora valido e non abbiamo ricevuto risposta, quindi l’abbiamo ritirato dalla ricerca. Non è stato cancellato nulla.',
  'withdrawn.button': 'Ripubblicalo',
  'withdrawn.reason': 'Ricevi questa e-mail perché il tuo annuncio era pubblicato su Estately.',
  // Alerts on every change (issue 44 point 2, decision 070)
  'alert.price_drop': 'Prezzo ribassato',
  'alert.back_on_market': 'Di nuovo sul mercato',
  'alert.reserved': 'Riservato',
  'alert.sold': 'Venduto',
  'alert.rented': 'Affittato',
  'alert.withdrawn': 'Ritirato dal mercato',
  'favorites.subject':
    '{count, plural, one {È cambiato uno dei tuoi preferiti} other {Sono cambiati # dei tuoi preferiti}}',
  'favorites.intro':
    '{count, plural, one {Un annuncio che hai salvato tra i preferiti è cambiato. Ecco le novità:} other {# annunci che hai salvato tra i preferiti sono cambiati. Ecco le novità:}}',
  'favorites.price_drop': 'Prezzo ribassato da {old} a {new}',
  'favorites.button': 'Vedi i miei preferiti',
  'favorites.reason':
    'Ricevi questa e-mail perché hai salvato questi annunci tra i preferiti su Estately. Puoi disattivare queste e-mail nelle impostazioni o con il link qui sotto.',
  'favorites.settings': 'Impostazioni e-mail',
};
