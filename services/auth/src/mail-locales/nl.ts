import type { MailTranslation } from '../mail-strings.js'

export default {
  codeSubject: 'Je Portico-inlogcode: {code}',
  codeBody:
    'Je Portico-code is {code}.\n\nHij is 10 minuten geldig, kan één keer worden gebruikt en alleen in het venster dat erom vroeg. Heb je er niet om gevraagd, negeer dan deze mail.',
  deviceSubject: 'Bevestig je nieuwe apparaat',
  deviceBody:
    'Iemand (hopelijk jij) logt in bij Portico vanaf een nieuw apparaat.\n\nBevestig het hier: {link}\n\nDe link is 15 minuten geldig. Was jij het niet, negeer dan deze mail.',
  changePrimarySubject: 'Bevestig de wijziging van je e-mailadres: {code}',
  changePrimaryBody:
    'Je code is {code}.\n\nIemand (hopelijk jij) heeft gevraagd het e-mailadres van je Portico-account te wijzigen. Voer deze code in om te bevestigen dat jij het bent; daarna krijgt het nieuwe adres een eigen code. Hij is 10 minuten geldig en kan één keer worden gebruikt. Was jij het niet, negeer dan deze mail: er verandert niets.',
  changeSecondarySubject: 'Bevestig je nieuwe e-mailadres: {code}',
  changeSecondaryBody:
    'Je code is {code}.\n\nVoer hem in om dit adres het e-mailadres van je Portico-account te maken. Hij is 10 minuten geldig en kan één keer worden gebruikt. Heb je hier niet om gevraagd, negeer dan deze mail: er verandert niets.',
  stepUpBody:
    'Je Portico-code is {code}.\n\nVoer hem in om je wallet te gebruiken op het apparaat waarop je net bent ingelogd. Hij is 10 minuten geldig en kan één keer worden gebruikt.\n\nBen je niet net op een nieuw apparaat ingelogd, dan heeft iemand anders misschien toegang tot je account: deel deze code niet en wijzig het wachtwoord van het account waarmee je inlogt.',
  recoverySubject: 'Je Portico-wallet is geopend op een nieuw apparaat',
  recoveryBody:
    'De sleutel van je Portico-wallet is hersteld op een nieuw apparaat.\n\nApparaat: {device}\nNetwerkadres: {ip}\nTijd: {time}\n\nWas jij dit, dan hoef je niets te doen. Zo niet, verplaats je tegoed naar een nieuwe wallet en beveilig het account waarmee je inlogt.',
  browserOnSystem: '{browser} op {system}',
  unknownBrowser: 'Een onbekende browser',
  confirmDeviceTitle: 'Bevestig dit apparaat',
  confirmDeviceBody: 'Een aanmelding bij Portico voor {email} wacht op een nieuw apparaat.',
  confirmDeviceButton: 'Dit apparaat bevestigen',
  linkInvalidTitle: 'Deze link is niet meer geldig',
  linkInvalidBody: 'Hij is al gebruikt of verlopen. Begin opnieuw met inloggen.',
  deviceConfirmedTitle: 'Apparaat bevestigd',
  deviceConfirmedBody: 'We hebben je een inlogcode gemaild. Ga terug naar de app en voer hem in.',
  deviceConfirmedRateLimited:
    'Er zijn de laatste tijd te veel mails naar dit adres gestuurd: vraag de app over een tijdje om een nieuwe code.',
  signInTitle: 'Inloggen',
  signInOpening: 'De inlogpagina wordt geopend…',
  signInNotFromSite:
    'Begin deze inlog op de site waar je wilt inloggen. Een inloglink die iemand anders je stuurde, werkt niet.',
  signInLinkUsed: 'Deze inloglink is verlopen of al gebruikt. Sluit dit venster en probeer het opnieuw.',
  signInExpired: 'Deze inloglink is verlopen. Sluit dit venster en probeer het opnieuw.',
  signInOtherBrowser:
    'Deze inlog is in een andere browser begonnen en daarom gestopt. Begin opnieuw op de site waar je wilt inloggen.',
  signInFailed: 'Het inloggen is niet gelukt. Sluit dit venster en probeer het opnieuw.',
  signInComplete: 'Je bent ingelogd. Je kunt dit venster sluiten.',
  signInContinue: 'Doorgaan',
} satisfies MailTranslation
