import type { MailTranslation } from '../mail-strings.js'

export default {
  codeSubject: '你的 Portico 登录验证码：{code}',
  codeBody:
    '你的 Portico 验证码是 {code}。\n\n验证码 10 分钟内有效，只能使用一次，且只能在请求它的窗口中使用。如果不是你本人请求的，请忽略此邮件。',
  deviceSubject: '确认你的新设备',
  deviceBody:
    '有人（希望是你）正在从新设备登录 Portico。\n\n请在此确认：{link}\n\n链接 15 分钟内有效。如果不是你本人，请忽略此邮件。',
  changePrimarySubject: '确认更改电子邮件：{code}',
  changePrimaryBody:
    '你的验证码是 {code}。\n\n有人（希望是你）请求更改你 Portico 账户的电子邮件。请输入此验证码确认是你本人；随后新地址会收到它自己的验证码。验证码 10 分钟内有效，只能使用一次。如果不是你本人，请忽略此邮件：不会有任何更改。',
  changeSecondarySubject: '确认你的新电子邮件：{code}',
  changeSecondaryBody:
    '你的验证码是 {code}。\n\n输入此验证码，即可将此地址设为你 Portico 账户的电子邮件。验证码 10 分钟内有效，只能使用一次。如果你没有请求此操作，请忽略此邮件：不会有任何更改。',
  stepUpBody:
    '你的 Portico 验证码是 {code}。\n\n输入此验证码，即可在你刚刚登录的设备上使用钱包。验证码 10 分钟内有效，只能使用一次。\n\n如果你刚才没有在新设备上登录，可能有其他人能访问你的账户：请勿分享此验证码，并更改你登录所用账户的密码。',
  recoverySubject: '你的 Portico 钱包在新设备上被打开',
  recoveryBody:
    '你的 Portico 钱包密钥已在新设备上恢复。\n\n设备：{device}\n网络地址：{ip}\n时间：{time}\n\n如果是你本人，无需任何操作。如果不是，请将资金转移到新钱包，并保护你登录所用的账户。',
  browserOnSystem: '{system} 上的 {browser}',
  unknownBrowser: '未知浏览器',
  confirmDeviceTitle: '确认此设备',
  confirmDeviceBody: '{email} 的 Portico 登录正在新设备上等待确认。',
  confirmDeviceButton: '确认此设备',
  linkInvalidTitle: '此链接已失效',
  linkInvalidBody: '它已被使用或已过期。请重新登录。',
  deviceConfirmedTitle: '设备已确认',
  deviceConfirmedBody: '我们已通过邮件向你发送登录验证码。请返回应用并输入。',
  deviceConfirmedRateLimited: '最近发往此地址的邮件过多：请稍后在应用中重新获取验证码。',
  signInTitle: '登录',
  signInOpening: '正在打开登录页面…',
  signInNotFromSite: '请从你要登录的网站开始这次登录。别人发给你的登录链接无法使用。',
  signInLinkUsed: '此登录链接已过期或已被使用。请关闭此窗口后重试。',
  signInExpired: '此登录链接已过期。请关闭此窗口后重试。',
  signInOtherBrowser: '这次登录是在另一个浏览器中开始的，因此已被中止。请从你要登录的网站重新开始。',
  signInFailed: '登录未成功。请关闭此窗口后重试。',
  signInComplete: '登录完成。你可以关闭此窗口了。',
  signInContinue: '继续',
} satisfies MailTranslation
