import type { MailTranslation } from '../mail-strings.js'

export default {
  codeSubject: 'Kode masuk Portico Anda: {code}',
  codeBody:
    'Kode Portico Anda adalah {code}.\n\nKode berlaku 10 menit, dapat dipakai sekali, dan hanya di jendela yang memintanya. Jika Anda tidak memintanya, abaikan email ini.',
  deviceSubject: 'Konfirmasi perangkat baru Anda',
  deviceBody:
    'Seseorang (semoga Anda) masuk ke Portico dari perangkat baru.\n\nKonfirmasi di sini: {link}\n\nTautan berlaku 15 menit. Jika itu bukan Anda, abaikan email ini.',
  changePrimarySubject: 'Konfirmasi perubahan email Anda: {code}',
  changePrimaryBody:
    'Kode Anda adalah {code}.\n\nSeseorang (semoga Anda) meminta perubahan email akun Portico Anda. Masukkan kode ini untuk memastikan itu Anda; setelah itu alamat baru akan menerima kodenya sendiri. Kode berlaku 10 menit dan dapat dipakai sekali. Jika itu bukan Anda, abaikan email ini: tidak ada yang berubah.',
  changeSecondarySubject: 'Konfirmasi email baru Anda: {code}',
  changeSecondaryBody:
    'Kode Anda adalah {code}.\n\nMasukkan kode ini untuk menjadikan alamat ini email akun Portico Anda. Kode berlaku 10 menit dan dapat dipakai sekali. Jika Anda tidak memintanya, abaikan email ini: tidak ada yang berubah.',
  stepUpBody:
    'Kode Portico Anda adalah {code}.\n\nMasukkan kode ini untuk memakai dompet di perangkat yang baru saja Anda gunakan untuk masuk. Kode berlaku 10 menit dan dapat dipakai sekali.\n\nJika Anda tidak baru saja masuk di perangkat baru, orang lain mungkin punya akses ke akun Anda: jangan bagikan kode ini, dan ganti kata sandi akun yang Anda pakai untuk masuk.',
  recoverySubject: 'Dompet Portico Anda dibuka di perangkat baru',
  recoveryBody:
    'Kunci dompet Portico Anda dipulihkan di perangkat baru.\n\nPerangkat: {device}\nAlamat jaringan: {ip}\nWaktu: {time}\n\nJika itu Anda, tidak ada yang perlu dilakukan. Jika bukan, pindahkan dana Anda ke dompet baru dan amankan akun yang Anda pakai untuk masuk.',
  browserOnSystem: '{browser} di {system}',
  unknownBrowser: 'Browser tidak dikenal',
  confirmDeviceTitle: 'Konfirmasi perangkat ini',
  confirmDeviceBody: 'Proses masuk ke Portico untuk {email} menunggu di perangkat baru.',
  confirmDeviceButton: 'Konfirmasi perangkat ini',
  linkInvalidTitle: 'Tautan ini sudah tidak berlaku',
  linkInvalidBody: 'Tautan sudah dipakai atau kedaluwarsa. Mulai proses masuk lagi.',
  deviceConfirmedTitle: 'Perangkat dikonfirmasi',
  deviceConfirmedBody:
    'Kami telah mengirim kode masuk ke email Anda. Kembali ke aplikasi dan masukkan kode itu.',
  deviceConfirmedRateLimited:
    'Terlalu banyak email dikirim ke alamat ini belakangan: minta kode baru di aplikasi beberapa saat lagi.',
  signInTitle: 'Masuk',
  signInOpening: 'Membuka halaman masuk…',
  signInNotFromSite:
    'Mulai proses masuk ini dari situs yang ingin Anda masuki. Tautan masuk yang dikirim orang lain kepada Anda tidak dapat dipakai.',
  signInLinkUsed: 'Tautan masuk ini sudah kedaluwarsa atau sudah dipakai. Tutup jendela ini dan coba lagi.',
  signInExpired: 'Tautan masuk ini sudah kedaluwarsa. Tutup jendela ini dan coba lagi.',
  signInOtherBrowser:
    'Proses masuk ini dimulai di browser lain, jadi dihentikan. Mulai lagi dari situs yang ingin Anda masuki.',
  signInFailed: 'Proses masuk tidak berhasil. Tutup jendela ini dan coba lagi.',
  signInComplete: 'Berhasil masuk. Anda dapat menutup jendela ini.',
  signInContinue: 'Lanjutkan',
} satisfies MailTranslation
