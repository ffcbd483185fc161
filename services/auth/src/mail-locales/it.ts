import type { MailTranslation } from '../mail-strings.js'

export default {
  codeSubject: 'Il tuo codice di accesso Portico: {code}',
  codeBody:
    'Il tuo codice Portico è {code}.\n\nÈ valido per 10 minuti, si può usare una volta e solo nella finestra che lo ha chiesto. Se non lo hai chiesto tu, ignora questa e-mail.',
  deviceSubject: 'Conferma il tuo nuovo dispositivo',
  deviceBody:
    'Qualcuno (speriamo tu) sta accedendo a Portico da un nuovo dispositivo.\n\nConfermalo qui: {link}\n\nIl link è valido per 15 minuti. Se non sei stato tu, ignora questa e-mail.',
  changePrimarySubject: 'Conferma il cambio della tua e-mail: {code}',
  changePrimaryBody:
    'Il tuo codice è {code}.\n\nQualcuno (speriamo tu) ha chiesto di cambiare l’e-mail del tuo account Portico. Inserisci questo codice per confermare che sei tu; poi il nuovo indirizzo riceverà un codice suo. È valido per 10 minuti e si può usare una volta. Se non sei stato tu, ignora questa e-mail: non cambia nulla.',
  changeSecondarySubject: 'Conferma la tua nuova e-mail: {code}',
  changeSecondaryBody:
    'Il tuo codice è {code}.\n\nInseriscilo per rendere questo indirizzo l’e-mail del tuo account Portico. È valido per 10 minuti e si può usare una volta. Se non lo hai chiesto tu, ignora questa e-mail: non cambia nulla.',
  stepUpBody:
    'Il tuo codice Portico è {code}.\n\nInseriscilo per usare il wallet sul dispositivo su cui hai appena effettuato l’accesso. È valido per 10 minuti e si può usare una volta.\n\nSe non hai appena effettuato l’accesso su un nuovo dispositivo, qualcun altro potrebbe avere accesso al tuo account: non condividere questo codice e cambia la password dell’account con cui accedi.',
  recoverySubject: 'Il tuo wallet Portico è stato aperto su un nuovo dispositivo',
  recoveryBody:
    'La chiave del tuo wallet Portico è stata recuperata su un nuovo dispositivo.\n\nDispositivo: {device}\nIndirizzo di rete: {ip}\nOra: {time}\n\nSe sei stato tu, non devi fare nulla. Altrimenti sposta i tuoi fondi su un nuovo wallet e proteggi l’account con cui accedi.',
  browserOnSystem: '{browser} su {system}',
  unknownBrowser: 'Un browser sconosciuto',
  confirmDeviceTitle: 'Conferma questo dispositivo',
  confirmDeviceBody: 'Un accesso a Portico per {email} è in attesa su un nuovo dispositivo.',
  confirmDeviceButton: 'Conferma questo dispositivo',
  linkInvalidTitle: 'Questo link non è più valido',
  linkInvalidBody: 'È già stato usato o è scaduto. Ricomincia l’accesso.',
  deviceConfirmedTitle: 'Dispositivo confermato',
  deviceConfirmedBody: 'Ti abbiamo inviato un codice di accesso. Torna all’app e inseriscilo.',
  deviceConfirmedRateLimited:
    'Di recente sono state inviate troppe e-mail a questo indirizzo: chiedi un nuovo codice all’app tra un po’.',
  signInTitle: 'Accesso',
  signInOpening: 'Apertura della pagina di accesso…',
  signInNotFromSite:
    'Avvia questo accesso dal sito in cui vuoi entrare. Un link di accesso che ti ha mandato qualcun altro non si può usare.',
  signInLinkUsed: 'Questo link di accesso è scaduto o è già stato usato. Chiudi questa finestra e riprova.',
  signInExpired: 'Questo link di accesso è scaduto. Chiudi questa finestra e riprova.',
  signInOtherBrowser:
    'Questo accesso è stato avviato in un altro browser, quindi è stato interrotto. Avvialo di nuovo dal sito in cui vuoi entrare.',
  signInFailed: 'L’accesso non è riuscito. Chiudi questa finestra e riprova.',
  signInComplete: 'Accesso completato. Puoi chiudere questa finestra.',
  signInContinue: 'Continua',
} satisfies MailTranslation
