import type { TestWalletProvider } from './test-wallet-provider.js'
import { TEST_WALLET_INFO } from './wallet-info.js'

/** EIP-6963 provider info. */
export interface ProviderInfo {
  readonly uuid: string
  readonly name: string
  readonly icon: string
  readonly rdns: string
}

export interface ProviderDetail {
  readonly info: ProviderInfo
  readonly provider: TestWalletProvider
}

/** The part of `window` announcing needs; a plain EventTarget stands in for it outside a browser. */
export type AnnounceTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'>

function randomUuid(): string {
  const crypto = globalThis.crypto
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID()
  // randomUUID exists only in secure contexts; plain http pages on a LAN address still need a v4 uuid.
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * Announces the provider per EIP-6963: once now, and again whenever a dApp dispatches
 * eip6963:requestProvider (dApps that load after the wallet ask for a re-announcement). Returns a stop function.
 */
export function announceProvider(target: AnnounceTarget, provider: TestWalletProvider): () => void {
  const detail: ProviderDetail = Object.freeze({
    info: Object.freeze({ uuid: randomUuid(), ...TEST_WALLET_INFO }),
    provider,
  })
  const announce = () => {
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  }
  target.addEventListener('eip6963:requestProvider', announce)
  announce()
  return () => target.removeEventListener('eip6963:requestProvider', announce)
}

/**
 * Makes the wallet the legacy injected provider (`window.ethereum`) unless another wallet is already there,
 * so dApps without EIP-6963 still find it. Returns whether it was installed.
 */
export function installAsWindowEthereum(target: object, provider: TestWalletProvider): boolean {
  const host = target as { ethereum?: unknown }
  if (host.ethereum !== undefined && host.ethereum !== null) return false
  Object.defineProperty(host, 'ethereum', {
    value: provider,
    configurable: true,
    writable: true,
    enumerable: true,
  })
  return true
}
