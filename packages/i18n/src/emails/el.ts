import type { EmailCatalog } from './en.ts';

export const el: EmailCatalog = {
  greeting: 'Γεια σας {name},',
  greeting_anonymous: 'Γεια σας,',
  sign_off: 'Με εκτίμηση,',
  team: 'Η ομάδα του Estately',
  link_fallback: 'Αν το κουμπί δεν λειτουργεί, αντιγράψτε αυτόν τον σύνδεσμο στο πρόγραμμα περιήγησης: {url}',
  'confirm.subject': 'Επιβεβαιώστε τη διεύθυνση e-mail σας',
  'confirm.intro':
    'Σας ευχαριστούμε για την εγγραφή σας στο Estately. Επιβεβαιώστε τη διεύθυνση e-mail σας για να ενεργοποιηθεί ο λογαριασμός σας.',
  'confirm.button': 'Επιβεβαίωση e-mail',
  'confirm.expiry':
    '{hours, plural, one {Ο σύνδεσμος ισχύει για # ώρα.} other {Ο σύνδεσμος ισχύει για # ώρες.}}',
  'confirm.ignore': 'Αν δεν δημιουργήσατε λογαριασμό, αγνοήστε αυτό το μήνυμα.',
  'change.subject': 'Επιβεβαιώστε τη νέα σας διεύθυνση email',
  'change.intro':
    'Ζητήσατε να συνδέεστε στο Estately με νέα διεύθυνση email: {email}. Επιβεβαιώστε την για να ολοκληρωθεί η αλλαγή.',
  'change.button': 'Επιβεβαίωση νέας διεύθυνσης',
  'change.expiry':
    '{hours, plural, one {Ο σύνδεσμος ισχύει για # ώρα.} other {Ο σύνδεσμος ισχύει για # ώρες.}}',
  'change.ignore':
    'Αν δεν το ζητήσατε εσείς, αγνοήστε αυτό το email. Θα συνεχίσετε να συνδέεστε με την τρέχουσα διεύθυνσή σας.',
  'changed.subject': 'Η διεύθυνση email σύνδεσής σας άλλαξε',
  'changed.intro': 'Η διεύθυνση email με την οποία συνδέεστε στο Estately άλλαξε σε {email}.',
  'changed.not_you':
    'Αν δεν κάνατε εσείς αυτή την αλλαγή, επαναφέρετε αμέσως τον κωδικό πρόσβασής σας για να προστατέψετε τον λογαριασμό σας.',
  'reset.subject': 'Επαναφορά κωδικού πρόσβασης',
  'reset.intro': 'Λάβαμε αίτημα επαναφοράς του κωδικού πρόσβασης του λογαριασμού σας.',
  'reset.button': 'Ορισμός νέου κωδικού',
  'reset.expiry':
    '{hours, plural, one {Ο σύνδεσμος ισχύει για # ώρα.} other {Ο σύνδεσμος ισχύει για # ώρες.}}',
  'reset.ignore': 'Αν δεν το ζητήσατε εσείς, αγνοήστε αυτό το μήνυμα. Ο κωδικός σας παραμένει ο ίδιος.',
  'password_changed.subject': 'Ο κωδικός πρόσβασής σας άλλαξε',
  'password_changed.intro': 'Ο κωδικός πρόσβασης του λογαριασμού σας στο Estately άλλαξε στις {date}.',
  'password_changed.not_you':
    'Αν δεν ήσασταν εσείς, επαναφέρετε αμέσως τον κωδικό πρόσβασής σας για να προστατέψετε τον λογαριασμό σας.',
  'security.button': 'Επαναφορά κωδικού πρόσβασης',
  'watchdog.subject':
    '{count, plural, one {# νέα αγγελία για την ειδοποίηση «{name}»} other {# νέες αγγελίες για την ειδοποίηση «{name}»}}',
  'watchdog.intro':
    '{count, plural, one {Βρήκαμε # νέα αγγελία για την ειδοποίηση αναζήτησης «{name}».} other {Βρήκαμε # νέες αγγελίες για την ειδοποίηση αναζήτησης «{name}».}}',
  'watchdog.button': 'Δείτε τις νέες αγγελίες',
  'watchdog.manage': 'Διαχείριση ειδοποιήσεων',
  'watchdog.reason': 'Λαμβάνετε αυτό το e-mail επειδή δημιουργήσατε ειδοποίηση αναζήτησης στο Estately.',
  unsubscribe: 'Διακοπή εγγραφής από αυτά τα e-mail',
  'message.subject': 'Νέο μήνυμα για την αγγελία σας',
  'message.intro': 'Ο χρήστης {name} σας έστειλε μήνυμα για την αγγελία σας:',
  'message.offer.sale_apartment': 'Διαμέρισμα προς πώληση',
  'message.offer.sale_house': 'Μονοκατοικία προς πώληση',
  'message.offer.rent_apartment': 'Διαμέρισμα προς ενοικίαση',
  'message.offer.rent_house': 'Μονοκατοικία προς ενοικίαση',
  'message.from': 'Από',
  'message.email': 'Email',
  'message.phone': 'Τηλέφωνο',
  'message.tour_date': 'Επιθυμητή ημερομηνία επίσκεψης: {date}',
  'message.reply': 'Απάντηση στο μήνυμα',
  'message.view_offer': 'Δείτε την αγγελία',
  'message.reason':
    'Λαμβάνετε αυτό το email επειδή η αγγελία σας δημοσιεύεται στο Estately. Απαντώντας, γράφετε απευθείας στον αποστολέα.',
};
