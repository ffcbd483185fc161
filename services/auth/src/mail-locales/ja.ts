import type { MailTranslation } from '../mail-strings.js'

export default {
  codeSubject: 'Portico のログインコード：{code}',
  codeBody:
    'Portico のコードは {code} です。\n\n有効期限は 10 分で、1 回だけ、コードを求めた画面でのみ使えます。心当たりがない場合は、このメールを無視してください。',
  deviceSubject: '新しいデバイスを確認してください',
  deviceBody:
    '新しいデバイスから Portico へのログインがありました（ご本人であればご安心ください）。\n\nこちらで確認してください：{link}\n\nリンクの有効期限は 15 分です。心当たりがない場合は、このメールを無視してください。',
  changePrimarySubject: 'メールアドレス変更の確認：{code}',
  changePrimaryBody:
    'コードは {code} です。\n\nPortico アカウントのメールアドレス変更が求められました。ご本人であることを確認するため、このコードを入力してください。その後、新しいアドレスにも別のコードが届きます。有効期限は 10 分で、1 回だけ使えます。心当たりがない場合は、このメールを無視してください。何も変更されません。',
  changeSecondarySubject: '新しいメールアドレスの確認：{code}',
  changeSecondaryBody:
    'コードは {code} です。\n\nこのアドレスを Portico アカウントのメールアドレスにするには、このコードを入力してください。有効期限は 10 分で、1 回だけ使えます。心当たりがない場合は、このメールを無視してください。何も変更されません。',
  stepUpBody:
    'Portico のコードは {code} です。\n\n先ほどログインしたデバイスでウォレットを使うには、このコードを入力してください。有効期限は 10 分で、1 回だけ使えます。\n\n新しいデバイスでログインした覚えがない場合、他の誰かがアカウントにアクセスしている可能性があります。このコードを誰にも教えず、ログインに使っているアカウントのパスワードを変更してください。',
  recoverySubject: 'Portico ウォレットが新しいデバイスで開かれました',
  recoveryBody:
    'Portico ウォレットの鍵が新しいデバイスで復元されました。\n\nデバイス：{device}\nネットワークアドレス：{ip}\n日時：{time}\n\nご本人であれば、何もする必要はありません。心当たりがない場合は、資産を新しいウォレットに移し、ログインに使っているアカウントを保護してください。',
  browserOnSystem: '{system} の {browser}',
  unknownBrowser: '不明なブラウザ',
  confirmDeviceTitle: 'このデバイスを確認',
  confirmDeviceBody: '{email} の Portico へのログインが新しいデバイスで待機中です。',
  confirmDeviceButton: 'このデバイスを確認',
  linkInvalidTitle: 'このリンクは無効です',
  linkInvalidBody: 'すでに使われたか、有効期限が切れています。もう一度ログインしてください。',
  deviceConfirmedTitle: 'デバイスを確認しました',
  deviceConfirmedBody: 'ログインコードをメールで送りました。アプリに戻って入力してください。',
  deviceConfirmedRateLimited:
    'このアドレスへのメールが最近多すぎます。しばらくしてからアプリで新しいコードを求めてください。',
  signInTitle: 'ログイン',
  signInOpening: 'ログインページを開いています…',
  signInNotFromSite:
    'このログインは、ログインしたいサイトから始めてください。他の人から送られてきたログインリンクは使えません。',
  signInLinkUsed:
    'このログインリンクは有効期限が切れているか、すでに使われています。このウィンドウを閉じて、もう一度お試しください。',
  signInExpired:
    'このログインリンクは有効期限が切れています。このウィンドウを閉じて、もう一度お試しください。',
  signInOtherBrowser:
    'このログインは別のブラウザで始められたため、停止しました。ログインしたいサイトからもう一度始めてください。',
  signInFailed: 'ログインできませんでした。このウィンドウを閉じて、もう一度お試しください。',
  signInComplete: 'ログインが完了しました。このウィンドウは閉じてかまいません。',
  signInContinue: '続ける',
} satisfies MailTranslation
