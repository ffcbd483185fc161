import type { MailTranslation } from '../mail-strings.js'

export default {
  codeSubject: 'Portico giriş kodun: {code}',
  codeBody:
    'Portico kodun {code}.\n\n10 dakika geçerlidir, bir kez ve yalnızca onu isteyen pencerede kullanılabilir. Sen istemediysen bu e-postayı yok say.',
  deviceSubject: 'Yeni cihazını onayla',
  deviceBody:
    'Birisi (umarız sensin) yeni bir cihazdan Portico’ya giriş yapıyor.\n\nBuradan onayla: {link}\n\nBağlantı 15 dakika geçerlidir. Sen değilsen bu e-postayı yok say.',
  changePrimarySubject: 'E-posta değişikliğini onayla: {code}',
  changePrimaryBody:
    'Kodun {code}.\n\nBirisi (umarız sensin) Portico hesabının e-postasını değiştirmek istedi. Sen olduğunu onaylamak için bu kodu gir; ardından yeni adres kendi kodunu alır. Kod 10 dakika geçerlidir ve bir kez kullanılabilir. Sen değilsen bu e-postayı yok say: hiçbir şey değişmez.',
  changeSecondarySubject: 'Yeni e-postanı onayla: {code}',
  changeSecondaryBody:
    'Kodun {code}.\n\nBu adresi Portico hesabının e-postası yapmak için kodu gir. Kod 10 dakika geçerlidir ve bir kez kullanılabilir. Bunu sen istemediysen bu e-postayı yok say: hiçbir şey değişmez.',
  stepUpBody:
    'Portico kodun {code}.\n\nAz önce giriş yaptığın cihazda cüzdanını kullanmak için bu kodu gir. Kod 10 dakika geçerlidir ve bir kez kullanılabilir.\n\nAz önce yeni bir cihazda giriş yapmadıysan başka biri hesabına erişiyor olabilir: bu kodu kimseyle paylaşma ve giriş yaptığın hesabın parolasını değiştir.',
  recoverySubject: 'Portico cüzdanın yeni bir cihazda açıldı',
  recoveryBody:
    'Portico cüzdanının anahtarı yeni bir cihazda kurtarıldı.\n\nCihaz: {device}\nAğ adresi: {ip}\nZaman: {time}\n\nBu sensen yapman gereken bir şey yok. Değilsen fonlarını yeni bir cüzdana taşı ve giriş yaptığın hesabı güvene al.',
  browserOnSystem: '{system} üzerinde {browser}',
  unknownBrowser: 'Bilinmeyen bir tarayıcı',
  confirmDeviceTitle: 'Bu cihazı onayla',
  confirmDeviceBody: '{email} için bir Portico girişi yeni bir cihazda bekliyor.',
  confirmDeviceButton: 'Bu cihazı onayla',
  linkInvalidTitle: 'Bu bağlantı artık geçerli değil',
  linkInvalidBody: 'Zaten kullanılmış ya da süresi dolmuş. Girişi yeniden başlat.',
  deviceConfirmedTitle: 'Cihaz onaylandı',
  deviceConfirmedBody: 'Sana bir giriş kodu gönderdik. Uygulamaya dön ve kodu gir.',
  deviceConfirmedRateLimited:
    'Son zamanlarda bu adrese çok fazla e-posta gitti: biraz sonra uygulamadan yeni bir kod iste.',
  signInTitle: 'Giriş',
  signInOpening: 'Giriş sayfası açılıyor…',
  signInNotFromSite:
    'Bu girişi, giriş yapmak istediğin siteden başlat. Başka birinin sana gönderdiği bir giriş bağlantısı kullanılamaz.',
  signInLinkUsed:
    'Bu giriş bağlantısının süresi dolmuş ya da zaten kullanılmış. Bu pencereyi kapat ve yeniden dene.',
  signInExpired: 'Bu giriş bağlantısının süresi dolmuş. Bu pencereyi kapat ve yeniden dene.',
  signInOtherBrowser:
    'Bu giriş başka bir tarayıcıda başlatıldığı için durduruldu. Giriş yapmak istediğin siteden yeniden başlat.',
  signInFailed: 'Giriş başarısız oldu. Bu pencereyi kapat ve yeniden dene.',
  signInComplete: 'Giriş tamamlandı. Bu pencereyi kapatabilirsin.',
  signInContinue: 'Devam',
} satisfies MailTranslation
