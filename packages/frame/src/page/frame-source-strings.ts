// The frame's strings in the source language and the shapes of their translations: apart from the
// loader (frame-strings.ts) so a locale file can name its type without importing what loads it.

/** The forms of a counted string, one per plural category of the locale (Intl.PluralRules); `other` is required. */
export type FramePluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { readonly other: string }

/**
 * Every string the wallet frame shows a visitor; `{name}` placeholders are filled by `frameText`, and a
 * counted string (plural forms, `{n}` the count) by `framePlural`.
 */
export const frameStrings = {
  approveTitle: 'Approve request',
  requestedBy: '{origin} asks your wallet to:',
  signMessage: 'Sign this message',
  signTypedData: 'Sign this typed data',
  sendTransaction: 'Send this transaction',
  signTransaction: 'Sign this transaction',
  typedDataDomain: 'App',
  typedDataType: 'Type',
  to: 'To',
  contractCreation: 'New contract',
  amount: 'Amount',
  networkFee: 'Network fee',
  feeUnknown: 'Could not be estimated',
  /** A sponsored batch's fee: `{name}` is the dApp (its host), whose paymaster pays it. */
  feePaidBy: 'Paid by {name}',
  /** A sponsored batch whose bundler or paymaster could not be reached (answered to the dApp as -32002). */
  sponsorUnavailable:
    'The service that pays the network fee cannot be reached. Nothing was sent; try again later.',
  balance: 'Balance',
  contractCall: 'This transaction also calls a contract.',
  network: 'Network',
  programCall: 'This transaction also runs other programs.',
  unknownTransaction: 'This transaction runs programs the wallet cannot describe.',
  insufficientFunds: 'Insufficient funds for this transaction',
  sendCalls: 'Send these calls in one transaction',
  askSendCalls: 'send several calls in one transaction',
  askShowCallsStatus: 'show the status of calls it sent',
  callHeading: 'Call {number} of {count}',
  tokenTransfer: 'Sends {amount} to {to}',
  tokenApproval: 'Lets {spender} spend {amount}',
  tokenApprovalUnlimited: 'Lets {spender} spend all your {symbol}',
  contractCallUnknown: 'Calls a contract the wallet cannot describe.',
  upgradeAccount:
    'This also upgrades your account to a smart account (EIP-7702). Your address stays the same.',
  allOrNothing: 'All calls succeed together, or none does.',
  upgradeTitle: 'Upgrade to a smart account',
  upgradeExplained:
    'Your account gets smart-account features through EIP-7702, such as sending several calls in one transaction. This costs one network fee.',
  upgradeStays: 'Your address, balances and names stay the same.',
  askUpgrade: 'upgrade your account to a smart account',
  chainId: 'Chain ID',
  grantPermissions: 'Let this app spend from your wallet without asking each time',
  /** One spend limit of an ERC-7715 permission: `{host}` the dApp, `{amount}` "10 USDC", `{date}` the expiry. */
  permissionSpend: '{host} may spend up to {amount} until {date}',
  tokenContract: 'Token contract',
  permissionNote:
    'The app sends these payments without asking you again, up to the limit. You can revoke this permission in your account.',
  askGrantPermissions: 'let it spend from your wallet without asking each time',
  approve: 'Approve',
  reject: 'Reject',
  secured: 'Secured by the Portico wallet · {host}',
  notVisible: 'Approve works once this window is fully visible.',
  windowTitle: 'Approve request · Portico wallet',
  windowOrphan: 'This window shows a wallet request only when the wallet opens it. You can close it.',
  launcherTitle: 'Review request',
  launcherBody:
    '{origin} asks you to {action}. Review it in a {host} window, where you approve or reject it.',
  askSignMessage: 'sign a message',
  askSignTypedData: 'sign typed data',
  askSendTransaction: 'send a transaction',
  askSignTransaction: 'sign a transaction',
  reviewInWindow: 'Review in wallet window',
  windowOpenTitle: 'Continue in the wallet window',
  windowOpenBody: 'The request is open in a {host} window. Approve or reject it there.',
  showWindow: 'Show wallet window',
  popupBlocked: 'Your browser blocked the wallet window. Allow pop-ups for {host}, then try again.',
  protectTitle: 'Protect your wallet',
  protectIntro:
    'Only you can open this wallet on a new device: keep a passkey or this recovery code. We cannot recover it for you.',
  usePasskey: 'Use a passkey',
  passkeyFailed: 'No passkey was made. Save the recovery code instead.',
  recoveryCode: 'Recovery code',
  recoveryCodeHint: 'Write it down or keep it in your password manager. It is shown only once.',
  savedCode: 'I saved my recovery code',
  notNow: 'Cancel',
  unlockTitle: 'Open your wallet on this device',
  unlockCodeIntro: 'Enter the recovery code you saved when you made this wallet.',
  unlockPasskeyIntro: 'Use the passkey you made for this wallet.',
  openWallet: 'Open wallet',
  wrongCode: 'This code does not open your wallet. Check it and try again.',
  noPasskey: 'No passkey opened this wallet. Try again, or use the device that has it.',
  checking: 'Opening your wallet…',
  exportTitle: 'Export private key',
  exportWindowTitle: 'Export private key · Portico wallet',
  exportWarning:
    'Anyone with this key controls your wallet and everything in it. Never share it or enter it on a website. The app you came from cannot see it.',
  exportCodeIntro: 'Enter your recovery code to confirm it is you.',
  exportPasskeyIntro: 'Use your wallet’s passkey to confirm it is you.',
  exportShowKey: 'Show private key',
  exportChecking: 'Checking…',
  exportNotACode: 'This is not a recovery code. Check it and try again.',
  exportWrongCode: {
    one: 'This code does not match your wallet. {n} try left.',
    other: 'This code does not match your wallet. {n} tries left.',
  },
  exportLocked: {
    one: 'Too many wrong tries. Try again in {n} minute.',
    other: 'Too many wrong tries. Try again in {n} minutes.',
  },
  exportShown: 'Confirmed. Reveal a key to see it.',
  exportEvmKey: 'EVM private key',
  exportSolanaKey: 'Solana private key',
  exportReveal: 'Reveal',
  exportHide: 'Hide',
  exportCopy: 'Copy',
  exportCopied: 'Copied to the clipboard.',
  exportCopyFailed: 'Could not copy. Select the key and copy it yourself.',
  exportClose: 'Close',
  exportLauncherBody: 'Your private key is shown only in a {host} window, once you confirm it is you.',
  exportWindowOpenBody: 'Confirm it is you in the {host} window to see your key.',
  exportContinue: 'Continue in wallet window',
  passkeyTitle: 'Continue with a passkey',
  passkeyIntro:
    'Sign in with a passkey you saved for this wallet, or create one: it becomes your account, no e-mail needed, and it also unlocks your wallet on your other devices.',
  passkeySignIn: 'Sign in with a passkey',
  passkeyCreate: 'Create a passkey',
  passkeyWaiting: 'Follow your browser’s passkey prompt…',
  /** wallet_showCallsStatus (EIP-5792): the wallet's window that shows how a batch it sent went. */
  callsStatusTitle: 'Batch status',
  callsStatusFrom: 'Calls {origin} sent from your wallet:',
  callsStatusPending: 'Pending: not on chain yet',
  callsStatusConfirmed: 'Confirmed',
  callsStatusFailed: 'Failed: none of the calls took effect',
  callsStatusTransaction: 'Transaction',
  callsStatusCallsUnknown: 'These calls were sent from another window; only their status is shown.',
  callsStatusClose: 'Close',
} as const

export type FrameStrings = typeof frameStrings

/** The keys of the frame's plain strings. */
export type FrameStringKey = {
  [K in keyof FrameStrings]: FrameStrings[K] extends string ? K : never
}[keyof FrameStrings]

/** The keys of the frame's counted strings. */
export type FramePluralKey = Exclude<keyof FrameStrings, FrameStringKey>

/** The frame's text in one locale: every key, or what a translation lacks shows in English. */
export type FrameTranslation = {
  readonly [K in keyof FrameStrings]?: FrameStrings[K] extends string ? string : FramePluralForms
}

/** A value put into a text as is, or one kept left to right (an origin, an address, an amount). */
export type FrameValue = string | { readonly ltr: string }
