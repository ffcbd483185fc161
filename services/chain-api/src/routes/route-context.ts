import type { Kysely } from 'kysely'
import type { ChainApiDatabase } from '../chain-api-database.js'
import type { ChainClients } from '../chain-clients.js'
import type { SwapService } from '../convert/swap-service.js'
import type { BalanceReader } from '../get-balances.js'
import type { GasPriceReader } from '../get-gas-price.js'
import type { KnownTokens } from '../known-tokens.js'
import type { OnrampService } from '../onramp/onramp-service.js'
import type { SolanaApi } from '../solana/solana-api.js'
import type { PriceBook } from '../token-prices.js'

/** What every route module is registered with: the served chains and the readers built once for them. */
export interface ChainApiRouteContext {
  db: Kysely<ChainApiDatabase>
  /** Served chain ids, in the configured order. */
  served: readonly number[]
  tokens: KnownTokens
  priceBook: PriceBook
  balances: BalanceReader
  gasPrice: GasPriceReader
  /** Base of the explorer serving token icons. */
  explorerUrl: string
  /** Swaps on the served chains' Uniswap V2 (`/v1/convert/*`). */
  swap: SwapService
  /** The served chains' clients (signature checks of smart accounts read their chain). */
  clients: ChainClients
  /** Clock in ms (tests move it). */
  now: () => number
  /** On-ramp providers, quotes and purchases. */
  onramp: OnrampService
  /** The served Solana clusters' readers; undefined when the service follows none. */
  solana: SolanaApi | undefined
}
