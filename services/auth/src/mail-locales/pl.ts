import type { MailTranslation } from '../mail-strings.js'

export default {
  codeSubject: 'Twój kod logowania do Portico: {code}',
  codeBody:
    'Twój kod Portico to {code}.\n\nJest ważny 10 minut, można go użyć raz i tylko w oknie, które o niego poprosiło. Jeśli to nie Ty o niego prosiłeś, zignoruj tę wiadomość.',
  deviceSubject: 'Potwierdź nowe urządzenie',
  deviceBody:
    'Ktoś (mamy nadzieję, że Ty) loguje się do Portico z nowego urządzenia.\n\nPotwierdź to tutaj: {link}\n\nLink jest ważny 15 minut. Jeśli to nie Ty, zignoruj tę wiadomość.',
  changePrimarySubject: 'Potwierdź zmianę adresu e-mail: {code}',
  changePrimaryBody:
    'Twój kod to {code}.\n\nKtoś (mamy nadzieję, że Ty) poprosił o zmianę adresu e-mail konta Portico. Wpisz ten kod, aby potwierdzić, że to Ty; nowy adres dostanie potem własny kod. Jest ważny 10 minut i można go użyć raz. Jeśli to nie Ty, zignoruj tę wiadomość: nic się nie zmieni.',
  changeSecondarySubject: 'Potwierdź nowy adres e-mail: {code}',
  changeSecondaryBody:
    'Twój kod to {code}.\n\nWpisz go, aby ten adres stał się adresem e-mail Twojego konta Portico. Jest ważny 10 minut i można go użyć raz. Jeśli o to nie prosiłeś, zignoruj tę wiadomość: nic się nie zmieni.',
  stepUpBody:
    'Twój kod Portico to {code}.\n\nWpisz go, aby używać portfela na urządzeniu, na którym właśnie się zalogowałeś. Jest ważny 10 minut i można go użyć raz.\n\nJeśli właśnie nie logowałeś się na nowym urządzeniu, ktoś inny może mieć dostęp do Twojego konta: nie udostępniaj tego kodu i zmień hasło konta, którym się logujesz.',
  recoverySubject: 'Twój portfel Portico otwarto na nowym urządzeniu',
  recoveryBody:
    'Klucz Twojego portfela Portico odzyskano na nowym urządzeniu.\n\nUrządzenie: {device}\nAdres sieciowy: {ip}\nCzas: {time}\n\nJeśli to Ty, nic nie musisz robić. Jeśli nie, przenieś środki do nowego portfela i zabezpiecz konto, którym się logujesz.',
  browserOnSystem: '{browser} w systemie {system}',
  unknownBrowser: 'Nieznana przeglądarka',
  confirmDeviceTitle: 'Potwierdź to urządzenie',
  confirmDeviceBody: 'Logowanie do Portico dla {email} czeka na nowym urządzeniu.',
  confirmDeviceButton: 'Potwierdź to urządzenie',
  linkInvalidTitle: 'Ten link jest już nieważny',
  linkInvalidBody: 'Został już użyty albo wygasł. Zacznij logowanie od nowa.',
  deviceConfirmedTitle: 'Urządzenie potwierdzone',
  deviceConfirmedBody: 'Wysłaliśmy Ci kod logowania. Wróć do aplikacji i go wpisz.',
  deviceConfirmedRateLimited:
    'Ostatnio wysłano na ten adres zbyt wiele wiadomości: poproś aplikację o nowy kod za jakiś czas.',
  signInTitle: 'Logowanie',
  signInOpening: 'Otwieranie strony logowania…',
  signInNotFromSite:
    'Zacznij to logowanie na stronie, na której chcesz się zalogować. Nie można użyć linku do logowania, który ktoś Ci wysłał.',
  signInLinkUsed: 'Ten link do logowania wygasł albo został już użyty. Zamknij to okno i spróbuj ponownie.',
  signInExpired: 'Ten link do logowania wygasł. Zamknij to okno i spróbuj ponownie.',
  signInOtherBrowser:
    'To logowanie zaczęło się w innej przeglądarce, więc zostało przerwane. Zacznij je od nowa na stronie, na której chcesz się zalogować.',
  signInFailed: 'Logowanie się nie udało. Zamknij to okno i spróbuj ponownie.',
  signInComplete: 'Zalogowano. Możesz zamknąć to okno.',
  signInContinue: 'Dalej',
} satisfies MailTranslation
