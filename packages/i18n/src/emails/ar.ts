import type { EmailCatalog } from './en.ts';

export const ar: EmailCatalog = {
  greeting: 'مرحبًا {name}،',
  greeting_anonymous: 'مرحبًا،',
  sign_off: 'مع أطيب التحيات،',
  team: 'فريق Estately',
  link_fallback: 'إذا لم يعمل الزر، فانسخ هذا الرابط إلى متصفحك: {url}',
  'confirm.subject': 'أكّد عنوان بريدك الإلكتروني',
  'confirm.intro': 'شكرًا لتسجيلك في Estately. يُرجى تأكيد عنوان بريدك الإلكتروني لتفعيل حسابك.',
  'confirm.button': 'تأكيد البريد الإلكتروني',
  'confirm.expiry':
    '{hours, plural, zero {انتهت صلاحية الرابط.} one {الرابط صالح لمدة ساعة واحدة.} two {الرابط صالح لمدة ساعتين.} few {الرابط صالح لمدة # ساعات.} many {الرابط صالح لمدة # ساعة.} other {الرابط صالح لمدة # ساعة.}}',
  'confirm.ignore': 'إذا لم تنشئ حسابًا، فيمكنك تجاهل هذه الرسالة.',
  'change.subject': 'أكّد عنوان بريدك الإلكتروني الجديد',
  'change.intro':
    'طلبت تسجيل الدخول إلى Estately بعنوان بريد إلكتروني جديد: {email}. يُرجى تأكيده لإتمام التغيير.',
  'change.button': 'تأكيد العنوان الجديد',
  'change.expiry':
    '{hours, plural, zero {انتهت صلاحية الرابط.} one {الرابط صالح لمدة ساعة واحدة.} two {الرابط صالح لمدة ساعتين.} few {الرابط صالح لمدة # ساعات.} many {الرابط صالح لمدة # ساعة.} other {الرابط صالح لمدة # ساعة.}}',
  'change.ignore': 'إذا لم تطلب ذلك، فتجاهل هذه الرسالة. ستواصل تسجيل الدخول بعنوانك الحالي.',
  'changed.subject': 'تم تغيير البريد الإلكتروني لتسجيل الدخول',
  'changed.intro': 'تم تغيير عنوان البريد الإلكتروني الذي تسجّل به الدخول إلى Estately إلى {email}.',
  'changed.not_you': 'إذا لم تُجرِ هذا التغيير بنفسك، فأعد تعيين كلمة المرور فورًا لحماية حسابك.',
  'reset.subject': 'إعادة تعيين كلمة المرور',
  'reset.intro': 'تلقينا طلبًا لإعادة تعيين كلمة المرور الخاصة بحسابك.',
  'reset.button': 'تعيين كلمة مرور جديدة',
  'reset.expiry':
    '{hours, plural, zero {انتهت صلاحية الرابط.} one {الرابط صالح لمدة ساعة واحدة.} two {الرابط صالح لمدة ساعتين.} few {الرابط صالح لمدة # ساعات.} many {الرابط صالح لمدة # ساعة.} other {الرابط صالح لمدة # ساعة.}}',
  'reset.ignore': 'إذا لم تطلب ذلك، فتجاهل هذه الرسالة. ستبقى كلمة المرور كما هي.',
  'password_changed.subject': 'تم تغيير كلمة المرور',
  'password_changed.intro': 'تم تغيير كلمة المرور لحسابك في Estately بتاريخ {date}.',
  'password_changed.not_you': 'إذا لم تكن أنت من قام بذلك، فأعد تعيين كلمة المرور فورًا لحماية حسابك.',
  'security.button': 'إعادة تعيين كلمة المرور',
  'watchdog.subject':
    '{count, plural, zero {لا عقارات جديدة لتنبيه البحث «{name}»} one {عقار جديد واحد لتنبيه البحث «{name}»} two {عقاران جديدان لتنبيه البحث «{name}»} few {# عقارات جديدة لتنبيه البحث «{name}»} many {# عقارًا جديدًا لتنبيه البحث «{name}»} other {# عقار جديد لتنبيه البحث «{name}»}}',
  'watchdog.intro':
    '{count, plural, zero {لم نجد عقارات جديدة تطابق تنبيه البحث «{name}».} one {وجدنا عقارًا جديدًا واحدًا يطابق تنبيه البحث «{name}».} two {وجدنا عقارين جديدين يطابقان تنبيه البحث «{name}».} few {وجدنا # عقارات جديدة تطابق تنبيه البحث «{name}».} many {وجدنا # عقارًا جديدًا يطابق تنبيه البحث «{name}».} other {وجدنا # عقار جديد يطابق تنبيه البحث «{name}».}}',
  'watchdog.button': 'عرض العقارات الجديدة',
  'watchdog.manage': 'إدارة تنبيهات البحث',
  'watchdog.reason': 'تتلقى هذه الرسالة لأنك أنشأت تنبيه بحث على Estately.',
  unsubscribe: 'إلغاء الاشتراك في هذه الرسائل',
  'message.subject': 'رسالة جديدة بخصوص عرضك',
  'message.intro': 'أرسل إليك {name} رسالة بخصوص عرضك:',
  'message.offer.sale_apartment': 'شقة للبيع',
  'message.offer.sale_house': 'منزل للبيع',
  'message.offer.rent_apartment': 'شقة للإيجار',
  'message.offer.rent_house': 'منزل للإيجار',
  'message.from': 'من',
  'message.email': 'البريد الإلكتروني',
  'message.phone': 'الهاتف',
  'message.tour_date': 'موعد المعاينة المطلوب: {date}',
  'message.reply': 'الرد على الرسالة',
  'message.view_offer': 'عرض الإعلان',
  'message.reason': 'تتلقى هذه الرسالة لأن إعلانك منشور على Estately. عند الرد عليها تكتب مباشرةً إلى المرسل.',
  // Lead threads (issue 38 point 10)
  'message.reply_in_product': 'الرد عبر Estately',
  'reply.subject': 'ردّ البائع على رسالتك',
  'reply.intro': 'ردّ {name} على رسالتك بخصوص الإعلان:',
  'reply.intro_anonymous': 'ردّ البائع على رسالتك بخصوص الإعلان:',
  'reply.button': 'اقرأ وردّ',
  'reply.how': 'للرد استخدم الزر أعلاه. الردود على هذا البريد الإلكتروني لا تصل إلى البائع.',
  'reply.reason':
    'تتلقى هذه الرسالة لأنك راسلت بائعًا على Estately. يفتح الرابط محادثتك دون تسجيل الدخول، لذا لا تُعِد توجيه هذه الرسالة.',
  'answer.subject': 'ردّ جديد في محادثتك',
  'answer.intro': 'ردّ {name} في المحادثة بخصوص إعلانك:',
  'answer.button': 'فتح المحادثة',
  'answer.reason': 'تتلقى هذه الرسالة لأن إعلانك منشور على Estately وراسلك أحد المهتمين.',
  // "Still available?" (issue 43 point 5)
  'availability.subject': 'هل ما زال إعلانك متاحًا؟',
  'availability.intro':
    'لم يتم تحديث إعلانك منذ {date}. يُرجى إعلامنا إن كان العقار لا يزال متاحًا، حتى يتمكن من يجدونه من الاعتماد عليه.',
  'availability.available': 'نعم، ما زال متاحًا',
  'availability.sold': 'لا، تم بيعه أو تأجيره',
  'availability.consequence':
    'إن لم تُجب، فسيُعلَّم الإعلان اعتبارًا من {unconfirmed_date} بأنه لم يُؤكَّد مؤخرًا وسيظهر في مرتبة أدنى في نتائج البحث، وفي {withdraw_date} سيُسحب. يمكنك إعادة نشره في أي وقت.',
  'availability.own_offers': 'الانتقال إلى إعلاناتي',
  'availability.reason':
    'تصلك هذه الرسالة لأن إعلانك منشور على Estately. يعمل كل زر مرة واحدة ودون تسجيل الدخول، لذا يُرجى عدم إعادة توجيه هذه الرسالة.',
  'withdrawn.subject': 'تم سحب إعلانك',
  'withdrawn.intro':
    'سألناك في {date} إن كان إعلانك لا يزال متاحًا ولم نتلقَّ ردًا، لذلك سحبناه من البحث. لم يُحذف أي شيء.',
  'withdrawn.button': 'إعادة النشر',
  'withdrawn.reason': 'تصلك هذه الرسالة لأن إعلانك كان منشورًا على Estately.',
};
