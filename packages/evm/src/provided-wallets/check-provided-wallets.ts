import { ConfigError } from '@portico/core'
import type { ProvidedWallet } from './provided-wallet.js'

/** Ids the adapter gives its own connectors: a provided wallet named so would shadow them. */
const RESERVED_IDS = ['injected', 'walletconnect', 'auth']

const isProvider = (value: unknown) =>
  typeof value === 'function' ||
  (typeof value === 'object' &&
    value !== null &&
    typeof (value as { request?: unknown }).request === 'function')

/** What is wrong with `wallet`, as [field, reason]; undefined when nothing is. */
function problem(wallet: ProvidedWallet, seen: ReadonlySet<string>): [string, string] | undefined {
  const { id, name, icon, provider } = (wallet ?? {}) as Partial<ProvidedWallet>
  if (typeof id !== 'string' || !/^[\w.:-]{1,100}$/.test(id))
    return ['id', 'must be 1 to 100 letters, digits, dots, colons, dashes or underscores']
  if (RESERVED_IDS.includes(id) || id.startsWith('multichain:') || seen.has(id))
    return ['id', 'must not be another connector’s id']
  if (typeof name !== 'string' || name.trim() === '' || name.length > 100)
    return ['name', 'must be 1 to 100 characters']
  if (icon !== undefined && (typeof icon !== 'string' || !/^(data:image\/|https?:\/\/)/.test(icon)))
    return ['icon', 'must be a data:image/ URI or an http(s) URL']
  if (!isProvider(provider)) return ['provider', 'must be an EIP-1193 provider or a function returning one']
  return undefined
}

/**
 * Checks the wallets a dApp passes to `providedWallets()` by hand, on the first paint that lists them (the
 * schema library stays off it); the first problem throws a ConfigError naming the field.
 */
export function checkProvidedWallets(wallets: unknown): readonly ProvidedWallet[] {
  if (!Array.isArray(wallets)) throw new ConfigError('evm.wallets', 'must be a list of wallets')
  const seen = new Set<string>()
  wallets.forEach((wallet: ProvidedWallet, index) => {
    const found = problem(wallet, seen)
    if (found) throw new ConfigError(`evm.wallets[${index}].${found[0]}`, found[1])
    seen.add(wallet.id)
  })
  return wallets
}
