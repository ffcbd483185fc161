import type { KnownToken, KnownTokens } from '../known-tokens.js'
import { coinbaseNetworkName } from './coinbase-provider.js'
import { PAYMENT_CURRENCIES, paymentMethodLimits } from './onramp-limits.js'

/** Web3Modal's PurchaseCurrency network entry (Coinbase's field names). */
export interface OnrampNetwork {
  name: string
  display_name: string
  chain_id: string
  /** Empty for the chain's native currency. */
  contract_address: string
}

export interface PurchaseCurrency {
  /** The asset's symbol, which is also what quotes and URLs name it by. */
  id: string
  name: string
  symbol: string
  networks: OnrampNetwork[]
}

export interface PaymentCurrency {
  id: string
  payment_method_limits: { id: string; min: string; max: string }[]
}

export interface OnrampOptions {
  paymentCurrencies: PaymentCurrency[]
  purchaseCurrencies: PurchaseCurrency[]
}

export interface ServedChain {
  chainId: number
  name?: string | undefined
}

/** The name a chain goes by in on-ramp requests: Coinbase's where it has one, else `eip155-<id>`. */
export function onrampNetworkName(chainId: number): string {
  return coinbaseNetworkName(chainId) ?? `eip155-${chainId}`
}

/** The assets of the served chains that have a price there (one entry per symbol, its chains as networks). */
export function onrampOptions(
  chains: readonly ServedChain[],
  tokens: KnownTokens,
  /** USD prices by chain, then symbol (an asset is offered where it has a price). */
  prices: ReadonlyMap<number, ReadonlyMap<string, number> | undefined>,
): OnrampOptions {
  const bySymbol = new Map<string, PurchaseCurrency>()
  const add = (chain: ServedChain, token: KnownToken) => {
    if (!((prices.get(chain.chainId)?.get(token.symbol) ?? 0) > 0)) return
    let entry = bySymbol.get(token.symbol)
    if (!entry) {
      entry = { id: token.symbol, name: token.name, symbol: token.symbol, networks: [] }
      bySymbol.set(token.symbol, entry)
    }
    entry.networks.push({
      name: onrampNetworkName(chain.chainId),
      display_name: chain.name ?? `eip155:${chain.chainId}`,
      chain_id: String(chain.chainId),
      contract_address: token.address ?? '',
    })
  }
  for (const chain of chains) {
    add(chain, tokens.native(chain.chainId))
    for (const token of tokens.erc20s(chain.chainId)) add(chain, token)
  }
  return {
    paymentCurrencies: PAYMENT_CURRENCIES.map((id) => ({ id, payment_method_limits: paymentMethodLimits() })),
    purchaseCurrencies: [...bySymbol.values()],
  }
}
