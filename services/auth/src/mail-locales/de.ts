import type { MailTranslation } from '../mail-strings.js'

export default {
  codeSubject: 'Dein Portico-Anmeldecode: {code}',
  codeBody:
    'Dein Portico-Code lautet {code}.\n\nEr ist 10 Minuten gültig, nur einmal verwendbar und nur in dem Fenster, das ihn angefordert hat. Wenn du ihn nicht angefordert hast, ignoriere diese Mail.',
  deviceSubject: 'Bestätige dein neues Gerät',
  deviceBody:
    'Jemand (hoffentlich du) meldet sich auf einem neuen Gerät bei Portico an.\n\nBestätige es hier: {link}\n\nDer Link ist 15 Minuten gültig. Wenn du es nicht warst, ignoriere diese Mail.',
  changePrimarySubject: 'Bestätige die Änderung deiner E-Mail-Adresse: {code}',
  changePrimaryBody:
    'Dein Code lautet {code}.\n\nJemand (hoffentlich du) möchte die E-Mail-Adresse deines Portico-Kontos ändern. Gib diesen Code ein, um zu bestätigen, dass du es bist; die neue Adresse bekommt danach einen eigenen Code. Er ist 10 Minuten gültig und nur einmal verwendbar. Wenn du es nicht warst, ignoriere diese Mail: Es ändert sich nichts.',
  changeSecondarySubject: 'Bestätige deine neue E-Mail-Adresse: {code}',
  changeSecondaryBody:
    'Dein Code lautet {code}.\n\nGib ihn ein, um diese Adresse zur E-Mail-Adresse deines Portico-Kontos zu machen. Er ist 10 Minuten gültig und nur einmal verwendbar. Wenn du das nicht angefordert hast, ignoriere diese Mail: Es ändert sich nichts.',
  stepUpBody:
    'Dein Portico-Code lautet {code}.\n\nGib ihn ein, um deine Wallet auf dem Gerät zu nutzen, auf dem du dich gerade angemeldet hast. Er ist 10 Minuten gültig und nur einmal verwendbar.\n\nWenn du dich nicht gerade auf einem neuen Gerät angemeldet hast, hat vielleicht jemand anderes Zugriff auf dein Konto: Gib diesen Code nicht weiter und ändere das Passwort des Kontos, mit dem du dich anmeldest.',
  recoverySubject: 'Deine Portico-Wallet wurde auf einem neuen Gerät geöffnet',
  recoveryBody:
    'Der Schlüssel deiner Portico-Wallet wurde auf einem neuen Gerät wiederhergestellt.\n\nGerät: {device}\nNetzwerkadresse: {ip}\nZeit: {time}\n\nWenn du das warst, ist nichts zu tun. Wenn nicht, bring dein Guthaben in eine neue Wallet und sichere das Konto, mit dem du dich anmeldest.',
  browserOnSystem: '{browser} unter {system}',
  unknownBrowser: 'Ein unbekannter Browser',
  confirmDeviceTitle: 'Dieses Gerät bestätigen',
  confirmDeviceBody: 'Eine Anmeldung bei Portico für {email} wartet auf einem neuen Gerät.',
  confirmDeviceButton: 'Dieses Gerät bestätigen',
  linkInvalidTitle: 'Dieser Link ist nicht mehr gültig',
  linkInvalidBody: 'Er wurde schon benutzt oder ist abgelaufen. Beginne die Anmeldung erneut.',
  deviceConfirmedTitle: 'Gerät bestätigt',
  deviceConfirmedBody: 'Wir haben dir einen Anmeldecode geschickt. Geh zurück zur App und gib ihn ein.',
  deviceConfirmedRateLimited:
    'In letzter Zeit gingen zu viele Mails an diese Adresse: Fordere in der App etwas später einen neuen Code an.',
  signInTitle: 'Anmeldung',
  signInOpening: 'Die Anmeldeseite wird geöffnet…',
  signInNotFromSite:
    'Beginne diese Anmeldung auf der Website, bei der du dich anmelden möchtest. Ein Anmeldelink, den dir jemand geschickt hat, funktioniert nicht.',
  signInLinkUsed:
    'Dieser Anmeldelink ist abgelaufen oder wurde schon benutzt. Schließe dieses Fenster und versuche es erneut.',
  signInExpired: 'Dieser Anmeldelink ist abgelaufen. Schließe dieses Fenster und versuche es erneut.',
  signInOtherBrowser:
    'Diese Anmeldung wurde in einem anderen Browser begonnen und deshalb gestoppt. Beginne sie erneut auf der Website, bei der du dich anmelden möchtest.',
  signInFailed: 'Die Anmeldung hat nicht geklappt. Schließe dieses Fenster und versuche es erneut.',
  signInComplete: 'Anmeldung abgeschlossen. Du kannst dieses Fenster schließen.',
  signInContinue: 'Weiter',
} satisfies MailTranslation
