import type { EmailCatalog } from './en.ts';

export const bg: EmailCatalog = {
  greeting: 'Здравейте, {name},',
  greeting_anonymous: 'Здравейте,',
  sign_off: 'Поздрави,',
  team: 'Екипът на Estately',
  link_fallback: 'Ако бутонът не работи, копирайте тази връзка в браузъра си: {url}',
  'confirm.subject': 'Потвърдете имейл адреса си',
  'confirm.intro':
    'Благодарим ви, че се регистрирахте в Estately. Потвърдете имейл адреса си, за да активирате профила.',
  'confirm.button': 'Потвърди имейла',
  'confirm.expiry': '{hours, plural, one {Връзката е валидна # час.} other {Връзката е валидна # часа.}}',
  'confirm.ignore': 'Ако не сте създавали профил, можете да пренебрегнете този имейл.',
  'change.subject': 'Потвърдете новия си имейл адрес',
  'change.intro':
    'Поискахте да влизате в Estately с нов имейл адрес: {email}. Потвърдете го, за да завършите промяната.',
  'change.button': 'Потвърждаване на новия адрес',
  'change.expiry': '{hours, plural, one {Връзката е валидна # час.} other {Връзката е валидна # часа.}}',
  'change.ignore':
    'Ако не сте поискали това, пренебрегнете този имейл. Ще продължите да влизате с настоящия си адрес.',
  'changed.subject': 'Имейл адресът ви за вход е променен',
  'changed.intro': 'Имейл адресът, с който влизате в Estately, беше променен на {email}.',
  'changed.not_you':
    'Ако не сте направили тази промяна, незабавно сменете паролата си, за да защитите профила си.',
  'reset.subject': 'Задаване на нова парола',
  'reset.intro': 'Получихме заявка за смяна на паролата на вашия профил.',
  'reset.button': 'Задай нова парола',
  'reset.expiry': '{hours, plural, one {Връзката е валидна # час.} other {Връзката е валидна # часа.}}',
  'reset.ignore': 'Ако не сте поискали това, пренебрегнете този имейл. Паролата ви остава същата.',
  'password_changed.subject': 'Паролата ви е променена',
  'password_changed.intro': 'Паролата на профила ви в Estately беше променена на {date}.',
  'password_changed.not_you':
    'Ако това не сте били вие, незабавно сменете паролата си, за да защитите профила си.',
  'security.button': 'Нулиране на паролата',
  'watchdog.subject':
    '{count, plural, one {# нова оферта за търсенето „{name}“} other {# нови оферти за търсенето „{name}“}}',
  'watchdog.intro':
    '{count, plural, one {Открихме # нова оферта за вашето търсене „{name}“.} other {Открихме # нови оферти за вашето търсене „{name}“.}}',
  'watchdog.button': 'Вижте новите оферти',
  'watchdog.manage': 'Управление на известията',
  'watchdog.reason': 'Получавате този имейл, защото сте създали известие за търсене в Estately.',
  unsubscribe: 'Отписване от тези имейли',
  'message.subject': 'Ново съобщение за вашата обява',
  'message.intro': '{name} ви изпрати съобщение за вашата обява:',
  'message.offer.sale_apartment': 'Апартамент за продажба',
  'message.offer.sale_house': 'Къща за продажба',
  'message.offer.rent_apartment': 'Апартамент под наем',
  'message.offer.rent_house': 'Къща под наем',
  'message.from': 'От',
  'message.email': 'Имейл',
  'message.phone': 'Телефон',
  'message.tour_date': 'Желана дата за оглед: {date}',
  'message.reply': 'Отговорете на съобщението',
  'message.view_offer': 'Вижте обявата',
  'message.reason':
    'Получавате този имейл, защото обявата ви е публикувана в Estately. С отговор пишете директно на подателя.',
  // Lead threads (issue 38 point 10)
  'message.reply_in_product': 'Отговор в Estately',
  'reply.subject': 'Продавачът отговори на съобщението ви',
  'reply.intro': 'Имате отговор на съобщението си за обявата. Пише {name}:',
  'reply.intro_anonymous': 'Продавачът отговори на съобщението ви за обявата:',
  'reply.button': 'Прочетете и отговорете',
  'reply.how':
    'За да отговорите, използвайте бутона по-горе. Отговорите на този имейл не стигат до продавача.',
  'reply.reason':
    'Получавате този имейл, защото сте писали на продавач в Estately. Линкът отваря разговора ви без вход, затова не препращайте този имейл.',
  'answer.subject': 'Нов отговор в разговора ви',
  'answer.intro': 'В разговора за вашата обява пише {name}:',
  'answer.button': 'Отворете разговора',
  'answer.reason':
    'Получавате този имейл, защото обявата ви е публикувана в Estately и ви е писал заинтересован купувач.',
};
