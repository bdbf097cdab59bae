import type { EmailCatalog } from './en.ts';

export const es: EmailCatalog = {
  greeting: 'Hola, {name}:',
  greeting_anonymous: 'Hola:',
  sign_off: 'Un saludo,',
  team: 'El equipo de Estately',
  link_fallback: 'Si el botón no funciona, copia este enlace en tu navegador: {url}',
  // Issue 44 point 3: shared search boards (decision 071).
  'board.subject': '{name} comparte contigo el tablero de búsqueda «{board}»',
  'board.intro': '{name} te invita al tablero de búsqueda compartido «{board}» en Estately.',
  'board.what':
    'En el tablero se reúnen los anuncios entre todos: marca cada uno como por ver, visita concertada, descartado o favorito, añade fechas de visita y notas, y verás al momento los cambios de los demás.',
  'board.button': 'Aceptar la invitación',
  'board.expiry':
    '{days, plural, one {El enlace es válido # día y sirve una sola vez.} other {El enlace es válido # días y sirve una sola vez.}}',
  'board.ignore': 'Si no conoces al remitente, ignora este correo. Nadie obtiene así acceso a tus datos.',
  'confirm.subject': 'Confirma tu dirección de correo electrónico',
  'confirm.intro':
    'Gracias por registrarte en Estately. Confirma tu dirección de correo electrónico para activar tu cuenta.',
  'confirm.button': 'Confirmar correo',
  'confirm.expiry':
    '{hours, plural, one {El enlace es válido durante # hora.} other {El enlace es válido durante # horas.}}',
  'confirm.ignore': 'Si no has creado ninguna cuenta, puedes ignorar este correo.',
  'change.subject': 'Confirma tu nueva dirección de correo electrónico',
  'change.intro':
    'Has pedido iniciar sesión en Estately con una nueva dirección de correo: {email}. Confírmala para completar el cambio.',
  'change.button': 'Confirmar la nueva dirección',
  'change.expiry':
    '{hours, plural, one {El enlace es válido durante # hora.} other {El enlace es válido durante # horas.}}',
  'change.ignore':
    'Si no lo has pedido tú, ignora este correo. Seguirás iniciando sesión con tu dirección actual.',
  'changed.subject': 'Se ha cambiado tu correo electrónico de acceso',
  'changed.intro': 'La dirección de correo con la que inicias sesión en Estately se ha cambiado a {email}.',
  'changed.not_you':
    'Si no has hecho tú este cambio, restablece tu contraseña de inmediato para proteger tu cuenta.',
  'reset.subject': 'Restablece tu contraseña',
  'reset.intro': 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta.',
  'reset.button': 'Establecer una nueva contraseña',
  'reset.expiry':
    '{hours, plural, one {El enlace es válido durante # hora.} other {El enlace es válido durante # horas.}}',
  'reset.ignore': 'Si no lo has solicitado, ignora este correo. Tu contraseña no cambiará.',
  'password_changed.subject': 'Se ha cambiado tu contraseña',
  'password_changed.intro': 'La contraseña de tu cuenta de Estately se cambió el {date}.',
  'password_changed.not_you':
    'Si no has sido tú, restablece tu contraseña de inmediato para proteger tu cuenta.',
  'security.button': 'Restablecer mi contraseña',
  'watchdog.subject':
    '{count, plural, one {# anuncio nuevo para tu alerta «{name}»} other {# anuncios nuevos para tu alerta «{name}»}}',
  'watchdog.intro':
    '{count, plural, one {Hemos encontrado # anuncio nuevo que coincide con tu alerta «{name}».} other {Hemos encontrado # anuncios nuevos que coinciden con tu alerta «{name}».}}',
  'watchdog.button': 'Ver los anuncios nuevos',
  'watchdog.manage': 'Gestionar alertas',
  'watchdog.reason': 'Recibes este correo porque creaste una alerta en Estately.',
  unsubscribe: 'Darse de baja de estos correos',
  'message.subject': 'Nuevo mensaje sobre tu anuncio',
  'message.intro': '{name} te ha enviado un mensaje sobre tu anuncio:',
  'message.offer.sale_apartment': 'Piso en venta',
  'message.offer.sale_house': 'Casa en venta',
  'message.offer.rent_apartment': 'Piso en alquiler',
  'message.offer.rent_house': 'Casa en alquiler',
  'message.from': 'De',
  'message.email': 'Correo electrónico',
  'message.phone': 'Teléfono',
  'message.tour_date': 'Fecha de visita solicitada: {date}',
  'message.reply': 'Responder al mensaje',
  'message.view_offer': 'Ver el anuncio',
  'message.reason':
    'Recibes este correo porque tu anuncio está publicado en Estately. Si respondes, escribirás directamente al remitente.',
  // Lead threads (issue 38 point 10)
  'message.reply_in_product': 'Responder en Estately',
  'reply.subject': 'El vendedor ha respondido a tu mensaje',
  'reply.intro': '{name} ha respondido a tu mensaje sobre el anuncio:',
  'reply.intro_anonymous': 'El vendedor ha respondido a tu mensaje sobre el anuncio:',
  'reply.button': 'Leer y responder',
  'reply.how': 'Para contestar, usa el botón de arriba. Las respuestas a este correo no llegan al vendedor.',
  'reply.reason':
    'Recibes este correo porque escribiste a un vendedor en Estately. El enlace abre tu conversación sin iniciar sesión, así que no reenvíes este correo.',
  'answer.subject': 'Nueva respuesta en tu conversación',
  'answer.intro': '{name} ha respondido en la conversación sobre tu anuncio:',
  'answer.button': 'Abrir la conversación',
  'answer.reason':
    'Recibes este correo porque tu anuncio está publicado en Estately y una persona interesada te ha escrito.',
  // "Still available?" (issue 43 point 5)
  'availability.subject': '¿Tu anuncio sigue disponible?',
  'availability.intro':
    'Tu anuncio no se ha actualizado desde el {date}. Indícanos si el inmueble sigue disponible para que quienes lo encuentren puedan confiar en él.',
  'availability.available': 'Sí, sigue disponible',
  'availability.sold': 'No, está vendido o alquilado',
  'availability.consequence':
    'Si no respondes, a partir del {unconfirmed_date} el anuncio se marcará como no confirmado recientemente y aparecerá más abajo en los resultados de búsqueda, y el {withdraw_date} se retirará. Puedes volver a publicarlo cuando quieras.',
  'availability.own_offers': 'Ir a mis anuncios',
  'availability.reason':
    'Recibes este correo porque tu anuncio está publicado en Estately. Cada botón funciona una sola vez y sin iniciar sesión, así que no reenvíes este correo.',
  'withdrawn.subject': 'Tu anuncio se ha retirado',
  'withdrawn.intro':
    'El {date} te preguntamos si tu anuncio seguía disponible y no recibimos respuesta, así que lo hemos retirado de la búsqueda. No se ha borrado nada.',
  'withdrawn.button': 'Volver a publicarlo',
  'withdrawn.reason': 'Recibes este correo porque tu anuncio estaba publicado en Estately.',
  // Alerts on every change (issue 44 point 2, decision 070)
  'alert.price_drop': 'Bajada de precio',
  'alert.back_on_market': 'De nuevo en el mercado',
  'alert.reserved': 'Reservado',
  'alert.sold': 'Vendido',
  'alert.rented': 'Alquilado',
  'alert.withdrawn': 'Retirado del mercado',
  'favorites.subject':
    '{count, plural, one {Ha cambiado uno de tus favoritos} other {Han cambiado # de tus favoritos}}',
  'favorites.intro':
    '{count, plural, one {Ha cambiado un anuncio que guardaste en favoritos. Esto es lo nuevo:} other {Han cambiado # anuncios que guardaste en favoritos. Esto es lo nuevo:}}',
  'favorites.price_drop': 'Precio rebajado de {old} a {new}',
  'favorites.button': 'Ver mis favoritos',
  'favorites.reason':
    'Recibes este correo porque guardaste estos anuncios en favoritos en Estately. Puedes desactivar estos correos en tu configuración o con el enlace de abajo.',
  'favorites.settings': 'Configuración de correo',
};
