import type { MailTranslation } from '../mail-strings.js'

export default {
  codeSubject: 'Votre code de connexion Portico : {code}',
  codeBody:
    'Votre code Portico est {code}.\n\nIl est valable 10 minutes, utilisable une seule fois et seulement dans la fenêtre qui l’a demandé. Si vous ne l’avez pas demandé, ignorez ce message.',
  deviceSubject: 'Confirmez votre nouvel appareil',
  deviceBody:
    'Quelqu’un (vous, espérons-le) se connecte à Portico depuis un nouvel appareil.\n\nConfirmez-le ici : {link}\n\nLe lien est valable 15 minutes. Si ce n’était pas vous, ignorez ce message.',
  changePrimarySubject: 'Confirmez le changement de votre e-mail : {code}',
  changePrimaryBody:
    'Votre code est {code}.\n\nQuelqu’un (vous, espérons-le) a demandé à changer l’e-mail de votre compte Portico. Saisissez ce code pour confirmer que c’est bien vous ; la nouvelle adresse recevra ensuite son propre code. Il est valable 10 minutes et utilisable une seule fois. Si ce n’était pas vous, ignorez ce message : rien ne change.',
  changeSecondarySubject: 'Confirmez votre nouvel e-mail : {code}',
  changeSecondaryBody:
    'Votre code est {code}.\n\nSaisissez-le pour faire de cette adresse l’e-mail de votre compte Portico. Il est valable 10 minutes et utilisable une seule fois. Si vous n’avez rien demandé, ignorez ce message : rien ne change.',
  stepUpBody:
    'Votre code Portico est {code}.\n\nSaisissez-le pour utiliser votre wallet sur l’appareil où vous venez de vous connecter. Il est valable 10 minutes et utilisable une seule fois.\n\nSi vous ne venez pas de vous connecter sur un nouvel appareil, quelqu’un d’autre a peut-être accès à votre compte : ne partagez pas ce code et changez le mot de passe du compte avec lequel vous vous connectez.',
  recoverySubject: 'Votre wallet Portico a été ouvert sur un nouvel appareil',
  recoveryBody:
    'La clé de votre wallet Portico a été récupérée sur un nouvel appareil.\n\nAppareil : {device}\nAdresse réseau : {ip}\nHeure : {time}\n\nSi c’était vous, il n’y a rien à faire. Sinon, transférez vos fonds vers un nouveau wallet et sécurisez le compte avec lequel vous vous connectez.',
  browserOnSystem: '{browser} sous {system}',
  unknownBrowser: 'Un navigateur inconnu',
  confirmDeviceTitle: 'Confirmer cet appareil',
  confirmDeviceBody: 'Une connexion à Portico pour {email} attend sur un nouvel appareil.',
  confirmDeviceButton: 'Confirmer cet appareil',
  linkInvalidTitle: 'Ce lien n’est plus valable',
  linkInvalidBody: 'Il a déjà servi ou a expiré. Recommencez la connexion.',
  deviceConfirmedTitle: 'Appareil confirmé',
  deviceConfirmedBody:
    'Nous vous avons envoyé un code de connexion. Revenez à l’application et saisissez-le.',
  deviceConfirmedRateLimited:
    'Trop de messages ont été envoyés à cette adresse récemment : redemandez un code à l’application d’ici peu.',
  signInTitle: 'Connexion',
  signInOpening: 'Ouverture de la page de connexion…',
  signInNotFromSite:
    'Lancez cette connexion depuis le site auquel vous voulez vous connecter. Un lien de connexion que quelqu’un vous a envoyé ne peut pas servir.',
  signInLinkUsed: 'Ce lien de connexion a expiré ou a déjà servi. Fermez cette fenêtre et réessayez.',
  signInExpired: 'Ce lien de connexion a expiré. Fermez cette fenêtre et réessayez.',
  signInOtherBrowser:
    'Cette connexion a été lancée dans un autre navigateur, elle a donc été arrêtée. Relancez-la depuis le site auquel vous voulez vous connecter.',
  signInFailed: 'La connexion n’a pas abouti. Fermez cette fenêtre et réessayez.',
  signInComplete: 'Connexion réussie. Vous pouvez fermer cette fenêtre.',
  signInContinue: 'Continuer',
} satisfies MailTranslation
