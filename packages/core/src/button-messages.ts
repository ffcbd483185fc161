/**
 * The strings of the first paint: what the buttons show before the modal loads, and the names of
 * the connectors wallet discovery creates. The rest of the catalogue (messages.ts, which includes
 * these) loads with the modal and its views.
 */
export const buttonMessages = {
  connectWallet: 'Connect wallet',
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  unknownNetwork: 'Unknown network',
  browserWallet: 'Browser Wallet',
  walletConnect: 'WalletConnect',
} as const

export type ButtonMessageKey = keyof typeof buttonMessages

/** Replaces `{name}` placeholders of a catalogue message. */
export function formatMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  )
}

/** A button string of the catalogue (same text as `t(key)`). */
export function buttonText(key: ButtonMessageKey): string {
  return buttonMessages[key]
}
