import type { MailTranslation } from '../mail-strings.js'

export default {
  codeSubject: 'Tu código de inicio de sesión de Portico: {code}',
  codeBody:
    'Tu código de Portico es {code}.\n\nEs válido durante 10 minutos, se puede usar una vez y solo en la ventana que lo pidió. Si no lo pediste, ignora este correo.',
  deviceSubject: 'Confirma tu nuevo dispositivo',
  deviceBody:
    'Alguien (esperamos que tú) está iniciando sesión en Portico desde un dispositivo nuevo.\n\nConfírmalo aquí: {link}\n\nEl enlace es válido durante 15 minutos. Si no fuiste tú, ignora este correo.',
  changePrimarySubject: 'Confirma el cambio de tu correo: {code}',
  changePrimaryBody:
    'Tu código es {code}.\n\nAlguien (esperamos que tú) pidió cambiar el correo de tu cuenta de Portico. Introduce este código para confirmar que eres tú; después, la nueva dirección recibirá su propio código. Es válido durante 10 minutos y se puede usar una vez. Si no fuiste tú, ignora este correo: no cambia nada.',
  changeSecondarySubject: 'Confirma tu nuevo correo: {code}',
  changeSecondaryBody:
    'Tu código es {code}.\n\nIntrodúcelo para que esta dirección sea el correo de tu cuenta de Portico. Es válido durante 10 minutos y se puede usar una vez. Si no lo pediste, ignora este correo: no cambia nada.',
  stepUpBody:
    'Tu código de Portico es {code}.\n\nIntrodúcelo para usar tu billetera en el dispositivo en el que acabas de iniciar sesión. Es válido durante 10 minutos y se puede usar una vez.\n\nSi no acabas de iniciar sesión en un dispositivo nuevo, puede que otra persona tenga acceso a tu cuenta: no compartas este código y cambia la contraseña de la cuenta con la que inicias sesión.',
  recoverySubject: 'Tu billetera Portico se abrió en un dispositivo nuevo',
  recoveryBody:
    'La clave de tu billetera Portico se recuperó en un dispositivo nuevo.\n\nDispositivo: {device}\nDirección de red: {ip}\nHora: {time}\n\nSi fuiste tú, no tienes que hacer nada. Si no, mueve tus fondos a una billetera nueva y protege la cuenta con la que inicias sesión.',
  browserOnSystem: '{browser} en {system}',
  unknownBrowser: 'Un navegador desconocido',
  confirmDeviceTitle: 'Confirma este dispositivo',
  confirmDeviceBody: 'Un inicio de sesión en Portico para {email} espera en un dispositivo nuevo.',
  confirmDeviceButton: 'Confirmar este dispositivo',
  linkInvalidTitle: 'Este enlace ya no es válido',
  linkInvalidBody: 'Ya se usó o caducó. Vuelve a iniciar sesión.',
  deviceConfirmedTitle: 'Dispositivo confirmado',
  deviceConfirmedBody: 'Te enviamos un código de inicio de sesión. Vuelve a la app e introdúcelo.',
  deviceConfirmedRateLimited:
    'Se enviaron demasiados correos a esta dirección últimamente: pide un código nuevo en la app dentro de un rato.',
  signInTitle: 'Inicio de sesión',
  signInOpening: 'Abriendo la página de inicio de sesión…',
  signInNotFromSite:
    'Empieza este inicio de sesión desde el sitio en el que quieres entrar. No se puede usar un enlace de inicio de sesión que te haya enviado otra persona.',
  signInLinkUsed:
    'Este enlace de inicio de sesión caducó o ya se usó. Cierra esta ventana y vuelve a intentarlo.',
  signInExpired: 'Este enlace de inicio de sesión caducó. Cierra esta ventana y vuelve a intentarlo.',
  signInOtherBrowser:
    'Este inicio de sesión se empezó en otro navegador, así que se detuvo. Vuelve a empezarlo desde el sitio en el que quieres entrar.',
  signInFailed: 'No se pudo iniciar sesión. Cierra esta ventana y vuelve a intentarlo.',
  signInComplete: 'Sesión iniciada. Ya puedes cerrar esta ventana.',
  signInContinue: 'Continuar',
} satisfies MailTranslation
