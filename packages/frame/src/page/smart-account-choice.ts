import type { PreferredAccountType } from '@portico/wire'
import { type Address, createPublicClient, custom, defineChain, isHex } from 'viem'
import { accountPreference } from './account-preference.js'
import { counterfactualAddress, SMART_ACCOUNT_FACTORY } from './counterfactual-account.js'
import { jsonRpc, RpcError } from './json-rpc.js'
import type { KeyValueStorage } from './key-value-storage.js'
import { smartAccountContext } from './smart-account-rpc.js'
import type { WalletRpcContext } from './wallet-context.js'

export type SmartAccountChoiceOptions = {
  storage: KeyValueStorage
  /** The operator's default account type for a user who never chose (spec §4: EOA unless set). */
  defaultType?: PreferredAccountType | undefined
  /** The wallet's context on the current chain, built for the owner key (the EOA). */
  ownerContext: () => Promise<WalletRpcContext>
  /** The operator's smart-account chains; undefined: any chain with the bundler and factory. */
  chainIds?: readonly number[] | undefined
  /** How long a chain may take to answer whether the account has code. */
  probeTimeoutMs: number
}

/** What the dApp sees of the account choice (spec §1): both accounts, the active one first. */
export type AccountFields = {
  address: string
  accounts: { address: string; type: PreferredAccountType }[]
  smartAccountDeployed: boolean
  preferredAccountType: PreferredAccountType
}

/**
 * The visitor's choice between the EOA and its counterfactual ERC-4337 smart account (a separate address the
 * embedded key owns), kept per user on this device. Choosing the smart account needs the operator's bundler
 * and the account factory on the current chain; it is refused otherwise, and the wallet stays an EOA.
 */
export function createSmartAccountChoice(options: SmartAccountChoiceOptions) {
  const preference = accountPreference(options.storage, options.defaultType)
  // The address depends on the owner only (same factory and implementation on every chain).
  const addresses = new Map<string, Promise<Address>>()

  function smartAddress(context: WalletRpcContext): Promise<Address> {
    const key = context.account.address.toLowerCase()
    let address = addresses.get(key)
    if (!address) {
      const chain = defineChain({
        id: context.chainId,
        name: `Chain ${context.chainId}`,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [context.rpcUrl] } },
      })
      const transport = custom({
        request: ({ method, params }) =>
          jsonRpc(context.fetch, context.rpcUrl, method, params, context.signal),
      })
      address = counterfactualAddress(createPublicClient({ chain, transport }), context.account.address)
      address.catch(() => addresses.delete(key))
      addresses.set(key, address)
    }
    return address
  }

  const probe = (context: WalletRpcContext, address: string) =>
    jsonRpc(
      context.fetch,
      context.rpcUrl,
      'eth_getCode',
      [address, 'latest'],
      AbortSignal.timeout(options.probeTimeoutMs),
    )
  const hasCode = (code: unknown) => typeof code === 'string' && isHex(code) && code.length > 2

  return {
    preferred: (userId: string) => preference.get(userId),

    /** Makes the smart account the active one; throws (the choice unchanged) where it cannot run. */
    async choose(userId: string): Promise<Address> {
      const context = await options.ownerContext()
      if (options.chainIds && !options.chainIds.includes(context.chainId))
        throw new RpcError('Smart accounts are not offered on this network', 4200)
      if (!context.sponsorshipFor?.(context.chainId))
        throw new RpcError('Smart accounts need the operator’s bundler on this network', 4200)
      if (!hasCode(await probe(context, SMART_ACCOUNT_FACTORY)))
        throw new RpcError('Smart accounts are not available on this network', 4200)
      const address = await smartAddress(context)
      preference.set(userId, 'smartAccount')
      return address
    },

    /** The smart account's address and whether it is deployed, without choosing it (spec's "init"). */
    async counterfactual(): Promise<{ address: Address; isDeployed: boolean } | undefined> {
      try {
        const context = await options.ownerContext()
        if (!hasCode(await probe(context, SMART_ACCOUNT_FACTORY))) return undefined
        const address = await smartAddress(context)
        return { address, isDeployed: hasCode(await probe(context, address)) }
      } catch {
        return undefined
      }
    },

    useEoa: (userId: string) => preference.set(userId, 'eoa'),

    /** The wallet context RPC requests run in: the smart account's when chosen, else the owner's. */
    async context(userId: string, base: WalletRpcContext): Promise<WalletRpcContext> {
      return preference.get(userId) === 'smartAccount' ? smartAccountContext(base) : base
    },

    /**
     * The user's account fields when the smart account is chosen; undefined for the EOA (or when the chain
     * cannot say where the smart account is: the spec's fallback to the EOA).
     */
    async fields(userId: string, owner: string): Promise<AccountFields | undefined> {
      if (preference.get(userId) !== 'smartAccount') return undefined
      try {
        const context = await options.ownerContext()
        const address = await smartAddress(context)
        return {
          address,
          accounts: [
            { address, type: 'smartAccount' },
            { address: owner, type: 'eoa' },
          ],
          smartAccountDeployed: hasCode(await probe(context, address)),
          preferredAccountType: 'smartAccount',
        }
      } catch {
        return undefined
      }
    },
  }
}

export type SmartAccountChoice = ReturnType<typeof createSmartAccountChoice>
