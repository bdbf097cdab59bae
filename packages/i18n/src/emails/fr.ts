import type { EmailCatalog } from './en.ts';

export const fr: EmailCatalog = {
  greeting: 'Bonjour {name},',
  greeting_anonymous: 'Bonjour,',
  sign_off: 'Bien cordialement,',
  team: 'L’équipe Estately',
  link_fallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur : {url}',
  // Issue 44 point 3: shared search boards (decision 071).
  'board.subject': '{name} partage avec vous le tableau de recherche « {board} »',
  'board.intro': '{name} vous invite sur le tableau de recherche partagé « {board} » sur Estately.',
  'board.what':
    'Sur le tableau, vous rassemblez des annonces à plusieurs : marquez chacune « à visiter », « visite prévue », « écartée » ou « coup de cœur », ajoutez des dates de visite et des notes, et voyez les changements des autres en direct.',
  'board.button': 'Accepter l’invitation',
  'board.expiry':
    '{days, plural, one {Le lien est valable # jour et ne sert qu’une fois.} other {Le lien est valable # jours et ne sert qu’une fois.}}',
  'board.ignore':
    'Si vous ne connaissez pas l’expéditeur, ignorez cet e-mail. Personne n’obtient ainsi accès à vos données.',
  'confirm.subject': 'Confirmez votre adresse e-mail',
  'confirm.intro':
    'Merci de votre inscription sur Estately. Veuillez confirmer votre adresse e-mail pour activer votre compte.',
  'confirm.button': 'Confirmer l’e-mail',
  'confirm.expiry':
    '{hours, plural, one {Le lien est valable # heure.} other {Le lien est valable # heures.}}',
  'confirm.ignore': 'Si vous n’avez pas créé de compte, vous pouvez ignorer cet e-mail.',
  'change.subject': 'Confirmez votre nouvelle adresse e-mail',
  'change.intro':
    'Vous avez demandé à vous connecter à Estately avec une nouvelle adresse e-mail : {email}. Veuillez la confirmer pour finaliser le changement.',
  'change.button': 'Confirmer la nouvelle adresse',
  'change.expiry':
    '{hours, plural, one {Le lien est valable # heure.} other {Le lien est valable # heures.}}',
  'change.ignore':
    'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail. Vous continuerez à vous connecter avec votre adresse actuelle.',
  'changed.subject': 'Votre adresse e-mail de connexion a été modifiée',
  'changed.intro':
    'L’adresse e-mail avec laquelle vous vous connectez à Estately a été remplacée par {email}.',
  'changed.not_you':
    'Si vous n’avez pas effectué ce changement, réinitialisez immédiatement votre mot de passe pour sécuriser votre compte.',
  'reset.subject': 'Réinitialisez votre mot de passe',
  'reset.intro': 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte.',
  'reset.button': 'Choisir un nouveau mot de passe',
  'reset.expiry': '{hours, plural, one {Le lien est valable # heure.} other {Le lien est valable # heures.}}',
  'reset.ignore':
    'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail. Votre mot de passe reste inchangé.',
  'password_changed.subject': 'Votre mot de passe a été modifié',
  'password_changed.intro': 'Le mot de passe de votre compte Estately a été modifié le {date}.',
  'password_changed.not_you':
    'Si ce n’était pas vous, réinitialisez immédiatement votre mot de passe pour sécuriser votre compte.',
  'security.button': 'Réinitialiser mon mot de passe',
  'watchdog.subject':
    '{count, plural, one {# nouvelle annonce pour votre alerte « {name} »} other {# nouvelles annonces pour votre alerte « {name} »}}',
  'watchdog.intro':
    '{count, plural, one {Nous avons trouvé # nouvelle annonce correspondant à votre alerte « {name} ».} other {Nous avons trouvé # nouvelles annonces correspondant à votre alerte « {name} ».}}',
  'watchdog.button': 'Voir les nouvelles annonces',
  'watchdog.manage': 'Gérer mes alertes',
  'watchdog.reason': 'Vous recevez cet e-mail parce que vous avez créé une alerte sur Estately.',
  unsubscribe: 'Se désabonner de ces e-mails',
  'message.subject': 'Nouveau message concernant votre annonce',
  'message.intro': '{name} vous a envoyé un message concernant votre annonce :',
  'message.offer.sale_apartment': 'Appartement à vendre',
  'message.offer.sale_house': 'Maison à vendre',
  'message.offer.rent_apartment': 'Appartement à louer',
  'message.offer.rent_house': 'Maison à louer',
  'message.from': 'De',
  'message.email': 'E-mail',
  'message.phone': 'Téléphone',
  'message.tour_date': 'Date de visite souhaitée : {date}',
  'message.reply': 'Répondre au message',
  'message.view_offer': 'Voir l’annonce',
  'message.reason':
    'Vous recevez cet e-mail parce que votre annonce est publiée sur Estately. En y répondant, vous écrivez directement à l’expéditeur.',
  // Lead threads (issue 38 point 10)
  'message.reply_in_product': 'Répondre sur Estately',
  'reply.subject': 'Le vendeur a répondu à votre message',
  'reply.intro': '{name} a répondu à votre message concernant l’annonce :',
  'reply.intro_anonymous': 'Le vendeur a répondu à votre message concernant l’annonce :',
  'reply.button': 'Lire et répondre',
  'reply.how':
    'Pour répondre, utilisez le bouton ci-dessus. Les réponses à cet e-mail ne parviennent pas au vendeur.',
  'reply.reason':
    'Vous recevez cet e-mail parce que vous avez écrit à un vendeur sur Estately. Le lien ouvre votre conversation sans connexion : merci de ne pas transférer cet e-mail.',
  'answer.subject': 'Nouvelle réponse dans votre conversation',
  'answer.intro': '{name} a répondu dans la conversation concernant votre annonce :',
  'answer.button': 'Ouvrir la conversation',
  'answer.reason':
    'Vous recevez cet e-mail parce que votre annonce est publiée sur Estately et qu’une personne intéressée vous a écrit.',
  // "Still available?" (issue 43 point 5)
  'availability.subject': 'Votre annonce est-elle toujours d’actualité ?',
  'availability.intro':
    'Votre annonce n’a pas été mise à jour depuis le {date}. Merci de nous indiquer si le bien est toujours disponible, afin que les personnes intéressées puissent s’y fier.',
  'availability.available': 'Oui, toujours disponible',
  'availability.sold': 'Non, vendu ou loué',
  'availability.consequence':
    'Sans réponse de votre part, l’annonce sera signalée comme non confirmée récemment à partir du {unconfirmed_date} et apparaîtra plus bas dans les résultats de recherche, puis elle sera retirée le {withdraw_date}. Vous pourrez la republier à tout moment.',
  'availability.own_offers': 'Accéder à mes annonces',
  'availability.reason':
    'Vous recevez cet e-mail parce que votre annonce est publiée sur Estately. Chaque bouton ne fonctionne qu’une fois et sans connexion : ne transférez donc pas cet e-mail.',
  'withdrawn.subject': 'Votre annonce a été retirée',
  'withdrawn.intro':
    'Le {date}, nous vous avons demandé si votre annonce était toujours d’actualité et nous n’avons reçu aucune réponse. Nous l’avons donc retirée de la recherche. Rien n’a été supprimé.',
  'withdrawn.button': 'La republier',
  'withdrawn.reason': 'Vous recevez cet e-mail parce que votre annonce était publiée sur Estately.',
  // Alerts on every change (issue 44 point 2, decision 070)
  'alert.price_drop': 'Baisse de prix',
  'alert.back_on_market': 'De nouveau sur le marché',
  'alert.reserved': 'Réservé',
  'alert.sold': 'Vendu',
  'alert.rented': 'Loué',
  'alert.withdrawn': 'Retirée du marché',
  'favorites.subject':
    '{count, plural, one {Une annonce de vos favoris a changé} other {# annonces de vos favoris ont changé}}',
  'favorites.intro':
    '{count, plural, one {Une annonce que vous avez ajoutée à vos favoris a changé. Voici les nouveautés :} other {# annonces que vous avez ajoutées à vos favoris ont changé. Voici les nouveautés :}}',
  'favorites.price_drop': 'Prix baissé de {old} à {new}',
  'favorites.button': 'Voir mes favoris',
  'favorites.reason':
    'Vous recevez cet e-mail parce que vous avez ajouté ces annonces à vos favoris sur Estately. Vous pouvez désactiver ces e-mails dans vos paramètres ou avec le lien ci-dessous.',
  'favorites.settings': 'Paramètres des e-mails',
};
