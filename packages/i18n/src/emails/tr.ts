import type { EmailCatalog } from './en.ts';

export const tr: EmailCatalog = {
  greeting: 'Merhaba {name},',
  greeting_anonymous: 'Merhaba,',
  sign_off: 'Saygılarımızla,',
  team: 'Estately ekibi',
  link_fallback: 'Düğme çalışmıyorsa bu bağlantıyı tarayıcınıza kopyalayın: {url}',
  // Issue 44 point 3: shared search boards (decision 071).
  'board.subject': '{name}, “{board}” arama panosunu sizinle paylaştı',
  'board.intro': '{name} sizi Estately’deki ortak “{board}” arama panosuna davet ediyor.',
  'board.what':
    'Panoda ilanları birlikte toplarsınız: her birini görülecek, görüşme ayarlandı, elendi veya favori olarak işaretleyin, görüşme tarihleri ve notlar ekleyin, diğerlerinin değişikliklerini anında görün.',
  'board.button': 'Daveti kabul et',
  'board.expiry':
    '{days, plural, one {Bağlantı # gün geçerlidir ve bir kez kullanılabilir.} other {Bağlantı # gün geçerlidir ve bir kez kullanılabilir.}}',
  'board.ignore':
    'Göndereni tanımıyorsanız bu e-postayı dikkate almayın. Kimse bu yolla verilerinize erişemez.',
  'confirm.subject': 'E-posta adresinizi doğrulayın',
  'confirm.intro':
    'Estately’ye kaydolduğunuz için teşekkür ederiz. Hesabınızı etkinleştirmek için lütfen e-posta adresinizi doğrulayın.',
  'confirm.button': 'E-postayı doğrula',
  'confirm.expiry': '{hours, plural, one {Bağlantı # saat geçerlidir.} other {Bağlantı # saat geçerlidir.}}',
  'confirm.ignore': 'Hesap oluşturmadıysanız bu e-postayı dikkate almayın.',
  'change.subject': 'Yeni e-posta adresinizi onaylayın',
  'change.intro':
    "Estately'ye yeni bir e-posta adresiyle giriş yapmak istediniz: {email}. Değişikliği tamamlamak için lütfen bu adresi onaylayın.",
  'change.button': 'Yeni adresi onayla',
  'change.expiry': '{hours, plural, one {Bağlantı # saat geçerlidir.} other {Bağlantı # saat geçerlidir.}}',
  'change.ignore':
    'Bunu siz istemediyseniz bu e-postayı dikkate almayın. Mevcut adresinizle giriş yapmaya devam edersiniz.',
  'changed.subject': 'Giriş e-posta adresiniz değiştirildi',
  'changed.intro': "Estately'ye giriş yaptığınız e-posta adresi {email} olarak değiştirildi.",
  'changed.not_you': 'Bu değişikliği siz yapmadıysanız hesabınızı korumak için şifrenizi hemen sıfırlayın.',
  'reset.subject': 'Şifrenizi sıfırlayın',
  'reset.intro': 'Hesabınızın şifresini sıfırlama talebi aldık.',
  'reset.button': 'Yeni şifre belirle',
  'reset.expiry': '{hours, plural, one {Bağlantı # saat geçerlidir.} other {Bağlantı # saat geçerlidir.}}',
  'reset.ignore': 'Bu talebi siz yapmadıysanız bu e-postayı dikkate almayın. Şifreniz değişmeyecek.',
  'password_changed.subject': 'Şifreniz değiştirildi',
  'password_changed.intro': 'Estately hesabınızın şifresi {date} tarihinde değiştirildi.',
  'password_changed.not_you': 'Bu siz değilseniz hesabınızı korumak için şifrenizi hemen sıfırlayın.',
  'security.button': 'Şifremi sıfırla',
  'watchdog.subject':
    '{count, plural, one {“{name}” arama alarmınız için # yeni ilan} other {“{name}” arama alarmınız için # yeni ilan}}',
  'watchdog.intro':
    '{count, plural, one {“{name}” arama alarmınıza uyan # yeni ilan bulduk.} other {“{name}” arama alarmınıza uyan # yeni ilan bulduk.}}',
  'watchdog.button': 'Yeni ilanları görün',
  'watchdog.manage': 'Arama alarmlarını yönet',
  'watchdog.reason': 'Bu e-postayı Estately’de bir arama alarmı oluşturduğunuz için alıyorsunuz.',
  unsubscribe: 'Bu e-postaların aboneliğinden çık',
  'message.subject': 'İlanınızla ilgili yeni mesaj',
  'message.intro': '{name} size ilanınızla ilgili bir mesaj gönderdi:',
  'message.offer.sale_apartment': 'Satılık daire',
  'message.offer.sale_house': 'Satılık ev',
  'message.offer.rent_apartment': 'Kiralık daire',
  'message.offer.rent_house': 'Kiralık ev',
  'message.from': 'Gönderen',
  'message.email': 'E-posta',
  'message.phone': 'Telefon',
  'message.tour_date': 'İstenen görüntüleme tarihi: {date}',
  'message.reply': 'Mesajı yanıtla',
  'message.view_offer': 'İlanı görüntüle',
  'message.reason':
    "İlanınız Estately'de yayınlandığı için bu e-postayı alıyorsunuz. Yanıtladığınızda doğrudan gönderene yazarsınız.",
  // Lead threads (issue 38 point 10)
  'message.reply_in_product': 'Estately üzerinden yanıtla',
  'reply.subject': 'Satıcı mesajınızı yanıtladı',
  'reply.intro': '{name}, ilanla ilgili mesajınızı yanıtladı:',
  'reply.intro_anonymous': 'Satıcı, ilanla ilgili mesajınızı yanıtladı:',
  'reply.button': 'Oku ve yanıtla',
  'reply.how':
    'Yanıt vermek için yukarıdaki düğmeyi kullanın. Bu e-postaya verilen yanıtlar satıcıya ulaşmaz.',
  'reply.reason':
    'Bu e-postayı Estately’de bir satıcıya yazdığınız için alıyorsunuz. Bağlantı, konuşmanızı oturum açmadan açar; bu nedenle bu e-postayı kimseye iletmeyin.',
  'answer.subject': 'Konuşmanızda yeni yanıt',
  'answer.intro': '{name}, ilanınızla ilgili konuşmada yanıt verdi:',
  'answer.button': 'Konuşmayı aç',
  'answer.reason':
    'Bu e-postayı, ilanınız Estately’de yayında olduğu ve ilgilenen biri size yazdığı için alıyorsunuz.',
  // "Still available?" (issue 43 point 5)
  'availability.subject': 'İlanınız hâlâ güncel mi?',
  'availability.intro':
    'İlanınız {date} tarihinden beri güncellenmedi. İlanı bulanların güvenebilmesi için mülkün hâlâ müsait olup olmadığını bize bildirin.',
  'availability.available': 'Evet, hâlâ müsait',
  'availability.sold': 'Hayır, satıldı veya kiralandı',
  'availability.consequence':
    'Yanıt vermezseniz ilan {unconfirmed_date} tarihinden itibaren yakın zamanda onaylanmadı olarak işaretlenir ve arama sonuçlarında daha aşağıda gösterilir; {withdraw_date} tarihinde ise yayından kaldırılır. İlanı istediğiniz zaman yeniden yayınlayabilirsiniz.',
  'availability.own_offers': 'İlanlarıma git',
  'availability.reason':
    'Bu e-postayı, ilanınız Estately’de yayında olduğu için alıyorsunuz. Her düğme yalnızca bir kez ve oturum açmadan çalışır; bu nedenle bu e-postayı kimseye iletmeyin.',
  'withdrawn.subject': 'İlanınız yayından kaldırıldı',
  'withdrawn.intro':
    '{date} tarihinde ilanınızın hâlâ güncel olup olmadığını sorduk ve yanıt alamadık; bu nedenle ilanı aramadan kaldırdık. Hiçbir şey silinmedi.',
  'withdrawn.button': 'Yeniden yayınla',
  'withdrawn.reason': 'Bu e-postayı, ilanınız Estately’de yayında olduğu için alıyorsunuz.',
  // Alerts on every change (issue 44 point 2, decision 070)
  'alert.price_drop': 'Fiyatı düştü',
  'alert.back_on_market': 'Yeniden piyasada',
  'alert.reserved': 'Opsiyonlu',
  'alert.sold': 'Satıldı',
  'alert.rented': 'Kiralandı',
  'alert.withdrawn': 'Piyasadan çekildi',
  'favorites.subject':
    '{count, plural, one {Favori ilanlarınızdan biri değişti} other {Favori ilanlarınızdan # tanesi değişti}}',
  'favorites.intro':
    '{count, plural, one {Favorilerinize kaydettiğiniz bir ilan değişti. Yenilikler şöyle:} other {Favorilerinize kaydettiğiniz # ilan değişti. Yenilikler şöyle:}}',
  'favorites.price_drop': 'Fiyat {old} yerine {new} oldu',
  'favorites.button': 'Favorilerimi göster',
  'favorites.reason':
    'Bu e-postayı, bu ilanları Estately’de favorilerinize kaydettiğiniz için alıyorsunuz. Bu e-postaları ayarlarınızdan veya aşağıdaki bağlantıyla kapatabilirsiniz.',
  'favorites.settings': 'E-posta ayarları',
};
