import {
  PAIRING_EXPIRY_MARGIN_MS,
  PAIRING_LIFETIME_MS,
  PAIRING_RETRY_SPACING_MS,
} from '../../config/constants.js'
import { createStore, type Store } from '../../store.js'

declare module '../../modal/router.js' {
  interface ViewRegistry {
    /** WalletConnect: the pairing code for a connector, and the explorer listing picked, if any. */
    Pairing: { connectorId: string; walletId?: string }
  }
}

/**
 * - `idle`: no pairing wanted.
 * - `creating`: a fresh `wc:` URI is on its way.
 * - `ready`: the URI is shown and waits for a wallet to scan or open it.
 * - `pending`: a request is in the wallet (the visitor should continue there).
 * - `error`: the last attempt failed; `retry()` makes a new one.
 */
export type PairingStatus = 'idle' | 'creating' | 'ready' | 'pending' | 'error'

export interface PairingState {
  status: PairingStatus
  /** The current WalletConnect pairing URI. */
  uri: string | undefined
  createdAt: number | undefined
  expiresAt: number | undefined
}

export interface PairingController {
  store: Store<PairingState>
  /** Starts a pairing: `create` is called now, and again each time the URI expires. */
  start(create: () => void): void
  /** The wallet-connect layer reports the URI it made. */
  setUri(uri: string): void
  setPending(): void
  fail(): void
  /** True once the URI is within PAIRING_EXPIRY_MARGIN_MS of its end. */
  isExpired(): boolean
  /** Makes a new URI; refused (false) within PAIRING_RETRY_SPACING_MS of the previous attempt. */
  retry(): boolean
  reset(): void
}

const initial: PairingState = { status: 'idle', uri: undefined, createdAt: undefined, expiresAt: undefined }

/** The WalletConnect pairing of the Pairing view: its URI, its lifetime and automatic renewal. */
export function createPairingController(options: { now?: () => number } = {}): PairingController {
  const now = options.now ?? (() => Date.now())
  const store = createStore<PairingState>(initial)
  let create: (() => void) | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let lastAttemptAt = Number.NEGATIVE_INFINITY

  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
  }
  const attempt = () => {
    clearTimer()
    lastAttemptAt = now()
    store.setState({ status: 'creating', uri: undefined, createdAt: undefined, expiresAt: undefined })
    create?.()
  }
  const isExpired = () => {
    const { expiresAt } = store.getState()
    return expiresAt !== undefined && now() >= expiresAt - PAIRING_EXPIRY_MARGIN_MS
  }

  return {
    store,
    start(next) {
      create = next
      attempt()
    },
    setUri(uri) {
      if (!create) return
      clearTimer()
      const createdAt = now()
      const expiresAt = createdAt + PAIRING_LIFETIME_MS
      store.setState({ status: 'ready', uri, createdAt, expiresAt })
      // A fresh URI is made automatically once this one counts as expired.
      timer = setTimeout(
        () => {
          timer = undefined
          if (create && store.getState().status === 'ready') attempt()
        },
        expiresAt - PAIRING_EXPIRY_MARGIN_MS - createdAt,
      )
    },
    setPending() {
      if (store.getState().status !== 'idle') store.setState({ status: 'pending' })
    },
    fail() {
      clearTimer()
      if (store.getState().status !== 'idle') store.setState({ status: 'error' })
    },
    isExpired,
    retry() {
      if (!create || now() - lastAttemptAt < PAIRING_RETRY_SPACING_MS) return false
      attempt()
      return true
    },
    reset() {
      clearTimer()
      create = undefined
      store.setState(initial)
    },
  }
}
