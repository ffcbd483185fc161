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

let translated: Partial<Record<ButtonMessageKey, string>> = {}
const listeners = new Set<() => void>()

/**
 * The buttons' strings in the page's language once its translation arrived (the modal's code loads it
 * with its own, `i18n/button-translation.ts`); empty for English. A plain subscribable, not a store: the
 * first paint carries nothing it does not need.
 */
export const buttonTranslation = {
  get: (): Partial<Record<ButtonMessageKey, string>> => translated,
  set(messages: Partial<Record<ButtonMessageKey, string>>): void {
    translated = messages
    for (const listener of listeners) listener()
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}

/** Replaces `{name}` placeholders of a catalogue message. */
export function formatMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  )
}

/** A button string in the page's language (same text as `t(key)`), English until its translation arrives. */
export function buttonText(key: ButtonMessageKey): string {
  return translated[key] ?? buttonMessages[key]
}
