// The e-mails' source texts (English). ICU messages: {name} placeholders, plurals by count.
// Every other language file has exactly these keys and the same placeholders (emails.test.ts).

export const en = {
  greeting: 'Hello {name},',
  greeting_anonymous: 'Hello,',
  sign_off: 'Best regards,',
  team: 'The Estately team',
  link_fallback: 'If the button does not work, copy this link into your browser: {url}',
  // Issue 44 point 3: shared search boards (decision 071).
  'board.subject': '{name} shared the search board “{board}” with you',
  'board.intro': '{name} invites you to the shared search board “{board}” at Estately.',
  'board.what':
    'On the board you keep offers together: mark each one as to view, viewing booked, rejected or favourite, add viewing dates and notes, and see each other’s changes as they happen.',
  'board.button': 'Accept the invitation',
  'board.expiry':
    '{days, plural, one {The link is valid for # day and works once.} other {The link is valid for # days and works once.}}',
  'board.ignore':
    'If you do not know the sender, ignore this e-mail. Nobody gets access to anything of yours.',
  'confirm.subject': 'Confirm your e-mail address',
  'confirm.intro':
    'Thank you for signing up at Estately. Please confirm your e-mail address to activate your account.',
  'confirm.button': 'Confirm e-mail',
  'confirm.expiry':
    '{hours, plural, one {The link is valid for # hour.} other {The link is valid for # hours.}}',
  'confirm.ignore': 'If you did not create an account, you can ignore this e-mail.',
  'change.subject': 'Confirm your new e-mail address',
  'change.intro':
    'You asked to sign in to Estately with a new e-mail address: {email}. Please confirm it to complete the change.',
  'change.button': 'Confirm new address',
  'change.expiry':
    '{hours, plural, one {The link is valid for # hour.} other {The link is valid for # hours.}}',
  'change.ignore':
    'If you did not ask for this, ignore this e-mail. You keep signing in with your current address.',
  'changed.subject': 'Your sign-in e-mail address has changed',
  'changed.intro': 'The e-mail address you use to sign in to Estately has been changed to {email}.',
  'changed.not_you':
    'If you did not make this change, reset your password straight away to secure your account.',
  'reset.subject': 'Reset your password',
  'reset.intro': 'We have received a request to reset the password for your account.',
  'reset.button': 'Set a new password',
  'reset.expiry':
    '{hours, plural, one {The link is valid for # hour.} other {The link is valid for # hours.}}',
  'reset.ignore': 'If you did not ask for this, ignore this e-mail. Your password stays the same.',
  'password_changed.subject': 'Your password has been changed',
  'password_changed.intro': 'The password of your Estately account was changed on {date}.',
  'password_changed.not_you':
    'If this was not you, reset your password straight away to secure your account.',
  'security.button': 'Reset my password',
  'watchdog.subject':
    '{count, plural, one {# new offer for your watch-dog “{name}”} other {# new offers for your watch-dog “{name}”}}',
  'watchdog.intro':
    '{count, plural, one {We found # new offer matching your watch-dog “{name}”.} other {We found # new offers matching your watch-dog “{name}”.}}',
  'watchdog.button': 'Show new offers',
  'watchdog.manage': 'Manage watch-dogs',
  'watchdog.reason': 'You are receiving this e-mail because you created a watch-dog at Estately.',
  unsubscribe: 'Unsubscribe from these e-mails',
  'message.subject': 'New message about your offer',
  'message.intro': '{name} has sent you a message about your offer:',
  'message.offer.sale_apartment': 'Apartment for sale',
  'message.offer.sale_house': 'House for sale',
  'message.offer.rent_apartment': 'Apartment for rent',
  'message.offer.rent_house': 'House for rent',
  'message.from': 'From',
  'message.email': 'E-mail',
  'message.phone': 'Phone',
  'message.tour_date': 'Requested viewing date: {date}',
  'message.reply': 'Reply to the message',
  'message.view_offer': 'View the offer',
  'message.reason':
    'You are receiving this e-mail because your offer is listed on Estately. Replying to it writes to the sender.',
  // Lead threads (issue 38 point 10)
  'message.reply_in_product': 'Reply in Estately',
  'reply.subject': 'The seller has replied to your message',
  'reply.intro': '{name} has replied to your message about the offer:',
  'reply.intro_anonymous': 'The seller has replied to your message about the offer:',
  'reply.button': 'Read and reply',
  'reply.how': 'To answer, use the button above. Replies to this e-mail do not reach the seller.',
  'reply.reason':
    'You are receiving this e-mail because you wrote to a seller on Estately. The link opens your conversation without signing in, so please do not forward this e-mail.',
  'answer.subject': 'New reply in your conversation',
  'answer.intro': '{name} has replied in the conversation about your offer:',
  'answer.button': 'Open the conversation',
  'answer.reason':
    'You are receiving this e-mail because your offer is listed on Estately and someone interested wrote to you.',
  // "Still available?" (issue 43 point 5)
  'availability.subject': 'Is your offer still available?',
  'availability.intro':
    'Your offer has not been updated since {date}. Please let us know whether it is still available, so that people who find it can rely on it.',
  'availability.available': 'Yes, it is still available',
  'availability.sold': 'No, it is sold or rented',
  'availability.consequence':
    'Without an answer, from {unconfirmed_date} the offer is marked as not confirmed recently and appears lower in search results, and on {withdraw_date} it is withdrawn. You can publish it again at any time.',
  'availability.own_offers': 'Go to my offers',
  'availability.reason':
    'You are receiving this e-mail because your offer is listed on Estately. Each button works once and without signing in, so please do not forward this e-mail.',
  'withdrawn.subject': 'Your offer has been withdrawn',
  'withdrawn.intro':
    'On {date} we asked whether your offer is still available and received no answer, so we have withdrawn it from search. Nothing has been deleted.',
  'withdrawn.button': 'Publish it again',
  'withdrawn.reason': 'You are receiving this e-mail because your offer was listed on Estately.',
  // Alerts on every change (issue 44 point 2, decision 070)
  'alert.price_drop': 'Price reduced',
  'alert.back_on_market': 'Back on the market',
  'alert.reserved': 'Reserved',
  'alert.sold': 'Sold',
  'alert.rented': 'Rented',
  'alert.withdrawn': 'Withdrawn from the market',
  'favorites.subject':
    '{count, plural, one {A favorite offer has changed} other {# favorite offers have changed}}',
  'favorites.intro':
    '{count, plural, one {An offer you saved as a favorite has changed. Here is what is new:} other {# offers you saved as favorites have changed. Here is what is new:}}',
  'favorites.price_drop': 'Price reduced from {old} to {new}',
  'favorites.button': 'Show my favorites',
  'favorites.reason':
    'You are receiving this e-mail because you saved these offers as favorites at Estately. You can turn these e-mails off in your settings or with the link below.',
  'favorites.settings': 'E-mail settings',
} satisfies Record<string, string>;

export type EmailKey = keyof typeof en;
/** A complete set of e-mail texts for one language. */
export type EmailCatalog = Record<EmailKey, string>;
/** Regional differences on top of a language's texts. */
export type EmailOverrides = Partial<EmailCatalog>;
