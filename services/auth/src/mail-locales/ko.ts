import type { MailTranslation } from '../mail-strings.js'

export default {
  codeSubject: 'Portico 로그인 코드: {code}',
  codeBody:
    'Portico 코드는 {code}입니다.\n\n10분 동안 유효하며, 한 번만, 그리고 코드를 요청한 창에서만 사용할 수 있습니다. 요청하지 않았다면 이 메일을 무시하세요.',
  deviceSubject: '새 기기를 확인하세요',
  deviceBody:
    '누군가(본인이길 바랍니다) 새 기기에서 Portico에 로그인하고 있습니다.\n\n여기에서 확인하세요: {link}\n\n링크는 15분 동안 유효합니다. 본인이 아니라면 이 메일을 무시하세요.',
  changePrimarySubject: '이메일 변경 확인: {code}',
  changePrimaryBody:
    '코드는 {code}입니다.\n\n누군가(본인이길 바랍니다) Portico 계정의 이메일 변경을 요청했습니다. 본인임을 확인하려면 이 코드를 입력하세요. 그다음 새 주소로도 별도의 코드가 갑니다. 10분 동안 유효하며 한 번만 사용할 수 있습니다. 본인이 아니라면 이 메일을 무시하세요. 아무것도 바뀌지 않습니다.',
  changeSecondarySubject: '새 이메일 확인: {code}',
  changeSecondaryBody:
    '코드는 {code}입니다.\n\n이 주소를 Portico 계정의 이메일로 만들려면 코드를 입력하세요. 10분 동안 유효하며 한 번만 사용할 수 있습니다. 요청하지 않았다면 이 메일을 무시하세요. 아무것도 바뀌지 않습니다.',
  stepUpBody:
    'Portico 코드는 {code}입니다.\n\n방금 로그인한 기기에서 지갑을 사용하려면 이 코드를 입력하세요. 10분 동안 유효하며 한 번만 사용할 수 있습니다.\n\n방금 새 기기에서 로그인하지 않았다면 다른 사람이 계정에 접근했을 수 있습니다. 이 코드를 공유하지 말고, 로그인에 사용하는 계정의 비밀번호를 변경하세요.',
  recoverySubject: 'Portico 지갑이 새 기기에서 열렸습니다',
  recoveryBody:
    'Portico 지갑 키가 새 기기에서 복구되었습니다.\n\n기기: {device}\n네트워크 주소: {ip}\n시간: {time}\n\n본인이라면 할 일은 없습니다. 본인이 아니라면 자산을 새 지갑으로 옮기고 로그인에 사용하는 계정을 보호하세요.',
  browserOnSystem: '{system}의 {browser}',
  unknownBrowser: '알 수 없는 브라우저',
  confirmDeviceTitle: '이 기기 확인',
  confirmDeviceBody: '{email}의 Portico 로그인이 새 기기에서 대기 중입니다.',
  confirmDeviceButton: '이 기기 확인',
  linkInvalidTitle: '이 링크는 더 이상 유효하지 않습니다',
  linkInvalidBody: '이미 사용되었거나 만료되었습니다. 로그인을 다시 시작하세요.',
  deviceConfirmedTitle: '기기 확인 완료',
  deviceConfirmedBody: '로그인 코드를 메일로 보냈습니다. 앱으로 돌아가 입력하세요.',
  deviceConfirmedRateLimited:
    '최근 이 주소로 메일이 너무 많이 발송되었습니다. 잠시 후 앱에서 새 코드를 요청하세요.',
  signInTitle: '로그인',
  signInOpening: '로그인 페이지를 여는 중…',
  signInNotFromSite:
    '로그인하려는 사이트에서 이 로그인을 시작하세요. 다른 사람이 보낸 로그인 링크는 사용할 수 없습니다.',
  signInLinkUsed: '이 로그인 링크는 만료되었거나 이미 사용되었습니다. 이 창을 닫고 다시 시도하세요.',
  signInExpired: '이 로그인 링크는 만료되었습니다. 이 창을 닫고 다시 시도하세요.',
  signInOtherBrowser:
    '이 로그인은 다른 브라우저에서 시작되어 중단되었습니다. 로그인하려는 사이트에서 다시 시작하세요.',
  signInFailed: '로그인하지 못했습니다. 이 창을 닫고 다시 시도하세요.',
  signInComplete: '로그인이 완료되었습니다. 이 창을 닫아도 됩니다.',
  signInContinue: '계속',
} satisfies MailTranslation
