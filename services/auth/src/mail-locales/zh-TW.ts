import type { MailTranslation } from '../mail-strings.js'

export default {
  codeSubject: '你的 Portico 登入驗證碼：{code}',
  codeBody:
    '你的 Portico 驗證碼是 {code}。\n\n驗證碼 10 分鐘內有效，只能使用一次，且只能在要求它的視窗中使用。如果不是你本人要求的，請忽略這封郵件。',
  deviceSubject: '確認你的新裝置',
  deviceBody:
    '有人（希望是你）正從新裝置登入 Portico。\n\n請在此確認：{link}\n\n連結 15 分鐘內有效。如果不是你本人，請忽略這封郵件。',
  changePrimarySubject: '確認變更電子郵件：{code}',
  changePrimaryBody:
    '你的驗證碼是 {code}。\n\n有人（希望是你）要求變更你 Portico 帳戶的電子郵件。請輸入此驗證碼確認是你本人；之後新地址會收到它自己的驗證碼。驗證碼 10 分鐘內有效，只能使用一次。如果不是你本人，請忽略這封郵件：不會有任何變更。',
  changeSecondarySubject: '確認你的新電子郵件：{code}',
  changeSecondaryBody:
    '你的驗證碼是 {code}。\n\n輸入此驗證碼，即可將此地址設為你 Portico 帳戶的電子郵件。驗證碼 10 分鐘內有效，只能使用一次。如果你沒有要求此操作，請忽略這封郵件：不會有任何變更。',
  stepUpBody:
    '你的 Portico 驗證碼是 {code}。\n\n輸入此驗證碼，即可在你剛登入的裝置上使用錢包。驗證碼 10 分鐘內有效，只能使用一次。\n\n如果你剛才沒有在新裝置上登入，可能有其他人能存取你的帳戶：請勿分享此驗證碼，並變更你登入所用帳戶的密碼。',
  recoverySubject: '你的 Portico 錢包在新裝置上被開啟',
  recoveryBody:
    '你的 Portico 錢包金鑰已在新裝置上復原。\n\n裝置：{device}\n網路位址：{ip}\n時間：{time}\n\n如果是你本人，無需任何操作。如果不是，請將資金移至新錢包，並保護你登入所用的帳戶。',
  browserOnSystem: '{system} 上的 {browser}',
  unknownBrowser: '不明的瀏覽器',
  confirmDeviceTitle: '確認此裝置',
  confirmDeviceBody: '{email} 的 Portico 登入正在新裝置上等待確認。',
  confirmDeviceButton: '確認此裝置',
  linkInvalidTitle: '此連結已失效',
  linkInvalidBody: '它已被使用或已過期。請重新登入。',
  deviceConfirmedTitle: '裝置已確認',
  deviceConfirmedBody: '我們已透過郵件寄送登入驗證碼給你。請返回應用程式並輸入。',
  deviceConfirmedRateLimited: '最近寄往此地址的郵件過多：請稍後在應用程式中重新取得驗證碼。',
  signInTitle: '登入',
  signInOpening: '正在開啟登入頁面…',
  signInNotFromSite: '請從你要登入的網站開始這次登入。別人傳給你的登入連結無法使用。',
  signInLinkUsed: '此登入連結已過期或已被使用。請關閉此視窗後再試一次。',
  signInExpired: '此登入連結已過期。請關閉此視窗後再試一次。',
  signInOtherBrowser: '這次登入是在另一個瀏覽器中開始的，因此已被中止。請從你要登入的網站重新開始。',
  signInFailed: '登入未成功。請關閉此視窗後再試一次。',
  signInComplete: '登入完成。你可以關閉此視窗了。',
  signInContinue: '繼續',
} satisfies MailTranslation
