import type { EmailCatalog } from './en.ts';

export const pt: EmailCatalog = {
  greeting: 'Olá, {name},',
  greeting_anonymous: 'Olá,',
  sign_off: 'Com os melhores cumprimentos,',
  team: 'A equipa Estately',
  link_fallback: 'Se o botão não funcionar, copie esta ligação para o seu navegador: {url}',
  // Issue 44 point 3: shared search boards (decision 071).
  'board.subject': '{name} partilhou consigo o quadro de pesquisa “{board}”',
  'board.intro': '{name} convida-o para o quadro de pesquisa partilhado “{board}” no Estately.',
  'board.what':
    'No quadro reúnem anúncios em conjunto: marquem cada um como a ver, visita marcada, rejeitado ou favorito, juntem datas de visita e notas, e vejam as alterações dos outros no momento.',
  'board.button': 'Aceitar o convite',
  'board.expiry':
    '{days, plural, one {A ligação é válida durante # dia e só funciona uma vez.} other {A ligação é válida durante # dias e só funciona uma vez.}}',
  'board.ignore': 'Se não conhece o remetente, ignore este e-mail. Ninguém fica com acesso aos seus dados.',
  'confirm.subject': 'Confirme o seu endereço de e-mail',
  'confirm.intro':
    'Obrigado por se registar no Estately. Confirme o seu endereço de e-mail para ativar a sua conta.',
  'confirm.button': 'Confirmar e-mail',
  'confirm.expiry':
    '{hours, plural, one {A ligação é válida durante # hora.} other {A ligação é válida durante # horas.}}',
  'confirm.ignore': 'Se não criou nenhuma conta, pode ignorar este e-mail.',
  'change.subject': 'Confirme o seu novo endereço de e-mail',
  'change.intro':
    'Pediu para iniciar sessão no Estately com um novo endereço de e-mail: {email}. Confirme-o para concluir a alteração.',
  'change.button': 'Confirmar o novo endereço',
  'change.expiry':
    '{hours, plural, one {A ligação é válida durante # hora.} other {A ligação é válida durante # horas.}}',
  'change.ignore':
    'Se não fez este pedido, ignore este e-mail. Continuará a iniciar sessão com o endereço atual.',
  'changed.subject': 'O seu e-mail de acesso foi alterado',
  'changed.intro': 'O endereço de e-mail com que inicia sessão no Estately foi alterado para {email}.',
  'changed.not_you':
    'Se não reconhece esta alteração, reponha imediatamente a sua palavra-passe para proteger a conta.',
  'reset.subject': 'Redefina a sua palavra-passe',
  'reset.intro': 'Recebemos um pedido para redefinir a palavra-passe da sua conta.',
  'reset.button': 'Definir nova palavra-passe',
  'reset.expiry':
    '{hours, plural, one {A ligação é válida durante # hora.} other {A ligação é válida durante # horas.}}',
  'reset.ignore': 'Se não fez este pedido, ignore este e-mail. A sua palavra-passe mantém-se.',
  'password_changed.subject': 'A sua palavra-passe foi alterada',
  'password_changed.intro': 'A palavra-passe da sua conta Estately foi alterada em {date}.',
  'password_changed.not_you':
    'Se não reconhece esta alteração, reponha imediatamente a sua palavra-passe para proteger a conta.',
  'security.button': 'Repor a palavra-passe',
  'watchdog.subject':
    '{count, plural, one {# anúncio novo para o seu alerta «{name}»} other {# anúncios novos para o seu alerta «{name}»}}',
  'watchdog.intro':
    '{count, plural, one {Encontrámos # anúncio novo para o seu alerta «{name}».} other {Encontrámos # anúncios novos para o seu alerta «{name}».}}',
  'watchdog.button': 'Ver os anúncios novos',
  'watchdog.manage': 'Gerir alertas',
  'watchdog.reason': 'Recebe este e-mail porque criou um alerta no Estately.',
  unsubscribe: 'Cancelar a subscrição destes e-mails',
  'message.subject': 'Nova mensagem sobre o seu anúncio',
  'message.intro': '{name} enviou-lhe uma mensagem sobre o seu anúncio:',
  'message.offer.sale_apartment': 'Apartamento à venda',
  'message.offer.sale_house': 'Moradia à venda',
  'message.offer.rent_apartment': 'Apartamento para arrendar',
  'message.offer.rent_house': 'Moradia para arrendar',
  'message.from': 'De',
  'message.email': 'E-mail',
  'message.phone': 'Telefone',
  'message.tour_date': 'Data de visita pretendida: {date}',
  'message.reply': 'Responder à mensagem',
  'message.view_offer': 'Ver o anúncio',
  'message.reason':
    'Recebe este e-mail porque o seu anúncio está publicado no Estately. Ao responder, escreve diretamente ao remetente.',
  // Lead threads (issue 38 point 10)
  'message.reply_in_product': 'Responder na Estately',
  'reply.subject': 'O vendedor respondeu à sua mensagem',
  'reply.intro': '{name} respondeu à sua mensagem sobre o anúncio:',
  'reply.intro_anonymous': 'O vendedor respondeu à sua mensagem sobre o anúncio:',
  'reply.button': 'Ler e responder',
  'reply.how': 'Para responder, use o botão acima. As respostas a este e-mail não chegam ao vendedor.',
  'reply.reason':
    'Recebe este e-mail porque escreveu a um vendedor na Estately. O link abre a sua conversa sem iniciar sessão, por isso não reencaminhe este e-mail.',
  'answer.subject': 'Nova resposta na sua conversa',
  'answer.intro': '{name} respondeu na conversa sobre o seu anúncio:',
  'answer.button': 'Abrir a conversa',
  'answer.reason':
    'Recebe este e-mail porque o seu anúncio está publicado na Estately e um interessado escreveu-lhe.',
  // "Still available?" (issue 43 point 5)
  'availability.subject': 'O seu anúncio continua disponível?',
  'availability.intro':
    'O seu anúncio não é atualizado desde {date}. Diga-nos se o imóvel continua disponível, para que quem o encontrar possa confiar nele.',
  'availability.available': 'Sim, continua disponível',
  'availability.sold': 'Não, foi vendido ou arrendado',
  'availability.consequence':
    'Sem resposta, a partir de {unconfirmed_date} o anúncio será assinalado como não confirmado recentemente e aparecerá mais abaixo nos resultados de pesquisa, e em {withdraw_date} será retirado. Pode voltar a publicá-lo a qualquer momento.',
  'availability.own_offers': 'Ir para os meus anúncios',
  'availability.reason':
    'Está a receber este e-mail porque o seu anúncio está publicado no Estately. Cada botão funciona uma única vez e sem iniciar sessão, por isso não reencaminhe este e-mail.',
  'withdrawn.subject': 'O seu anúncio foi retirado',
  'withdrawn.intro':
    'Em {date} perguntámos se o seu anúncio continuava disponível e não recebemos resposta, por isso retirámo-lo da pesquisa. Nada foi apagado.',
  'withdrawn.button': 'Publicar novamente',
  'withdrawn.reason': 'Está a receber este e-mail porque o seu anúncio estava publicado no Estately.',
  // Alerts on every change (issue 44 point 2, decision 070)
  'alert.price_drop': 'Preço reduzido',
  'alert.back_on_market': 'De novo no mercado',
  'alert.reserved': 'Reservado',
  'alert.sold': 'Vendido',
  'alert.rented': 'Arrendado',
  'alert.withdrawn': 'Retirado do mercado',
  'favorites.subject':
    '{count, plural, one {Um dos seus favoritos mudou} other {# dos seus favoritos mudaram}}',
  'favorites.intro':
    '{count, plural, one {Um anúncio que guardou nos favoritos mudou. Veja o que há de novo:} other {# anúncios que guardou nos favoritos mudaram. Veja o que há de novo:}}',
  'favorites.price_drop': 'Preço reduzido de {old} para {new}',
  'favorites.button': 'Ver os meus favoritos',
  'favorites.reason':
    'Recebe este e-mail porque guardou estes anúncios nos favoritos do Estately. Pode desativar estes e-mails nas suas definições ou com a ligação abaixo.',
  'favorites.settings': 'Definições de e-mail',
};
