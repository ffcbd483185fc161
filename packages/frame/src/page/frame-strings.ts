/** Every string the wallet frame shows a visitor; `{name}` placeholders are filled by `frameText`. */
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
  balance: 'Balance',
  contractCall: 'This transaction also calls a contract.',
  network: 'Network',
  programCall: 'This transaction also runs other programs.',
  unknownTransaction: 'This transaction runs programs the wallet cannot describe.',
  insufficientFunds: 'Insufficient funds for this transaction',
  approve: 'Approve',
  reject: 'Reject',
  secured: 'Secured by the Portico wallet · {host}',
  notVisible: 'Approve works once this window is fully visible.',
} as const

export type FrameStringKey = keyof typeof frameStrings

export function frameText(key: FrameStringKey, values: Record<string, string> = {}): string {
  return frameStrings[key].replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match)
}
