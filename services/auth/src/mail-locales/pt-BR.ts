import type { MailTranslation } from '../mail-strings.js'

export default {
  codeSubject: 'Seu código de login do Portico: {code}',
  codeBody:
    'Seu código do Portico é {code}.\n\nEle vale por 10 minutos, pode ser usado uma vez e só na janela que o pediu. Se você não pediu, ignore este e-mail.',
  deviceSubject: 'Confirme seu novo dispositivo',
  deviceBody:
    'Alguém (esperamos que você) está entrando no Portico por um dispositivo novo.\n\nConfirme aqui: {link}\n\nO link vale por 15 minutos. Se não foi você, ignore este e-mail.',
  changePrimarySubject: 'Confirme a alteração do seu e-mail: {code}',
  changePrimaryBody:
    'Seu código é {code}.\n\nAlguém (esperamos que você) pediu para alterar o e-mail da sua conta Portico. Digite este código para confirmar que é você; depois, o novo endereço recebe um código próprio. Ele vale por 10 minutos e pode ser usado uma vez. Se não foi você, ignore este e-mail: nada muda.',
  changeSecondarySubject: 'Confirme seu novo e-mail: {code}',
  changeSecondaryBody:
    'Seu código é {code}.\n\nDigite-o para tornar este endereço o e-mail da sua conta Portico. Ele vale por 10 minutos e pode ser usado uma vez. Se você não pediu isso, ignore este e-mail: nada muda.',
  stepUpBody:
    'Seu código do Portico é {code}.\n\nDigite-o para usar sua carteira no dispositivo em que você acabou de entrar. Ele vale por 10 minutos e pode ser usado uma vez.\n\nSe você não acabou de entrar em um dispositivo novo, outra pessoa pode ter acesso à sua conta: não compartilhe este código e altere a senha da conta com que você entra.',
  recoverySubject: 'Sua carteira Portico foi aberta em um dispositivo novo',
  recoveryBody:
    'A chave da sua carteira Portico foi recuperada em um dispositivo novo.\n\nDispositivo: {device}\nEndereço de rede: {ip}\nHorário: {time}\n\nSe foi você, não há nada a fazer. Se não foi, mova seus fundos para uma carteira nova e proteja a conta com que você entra.',
  browserOnSystem: '{browser} no {system}',
  unknownBrowser: 'Um navegador desconhecido',
  confirmDeviceTitle: 'Confirme este dispositivo',
  confirmDeviceBody: 'Um login no Portico para {email} está aguardando em um dispositivo novo.',
  confirmDeviceButton: 'Confirmar este dispositivo',
  linkInvalidTitle: 'Este link não é mais válido',
  linkInvalidBody: 'Ele já foi usado ou expirou. Comece o login de novo.',
  deviceConfirmedTitle: 'Dispositivo confirmado',
  deviceConfirmedBody: 'Enviamos um código de login para você. Volte ao app e digite-o.',
  deviceConfirmedRateLimited:
    'Muitos e-mails foram enviados para este endereço recentemente: peça um novo código no app daqui a pouco.',
  signInTitle: 'Login',
  signInOpening: 'Abrindo a página de login…',
  signInNotFromSite:
    'Comece este login pelo site em que você quer entrar. Um link de login que outra pessoa enviou para você não pode ser usado.',
  signInLinkUsed: 'Este link de login expirou ou já foi usado. Feche esta janela e tente de novo.',
  signInExpired: 'Este link de login expirou. Feche esta janela e tente de novo.',
  signInOtherBrowser:
    'Este login foi iniciado em outro navegador, por isso foi interrompido. Comece de novo pelo site em que você quer entrar.',
  signInFailed: 'Não foi possível fazer login. Feche esta janela e tente de novo.',
  signInComplete: 'Login concluído. Você já pode fechar esta janela.',
  signInContinue: 'Continuar',
} satisfies MailTranslation
