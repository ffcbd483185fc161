import { describe, expect, it } from 'vitest'
import * as chainApi from './index.js'

describe('@portico/chain-api public API', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(chainApi).sort()).toMatchInlineSnapshot(`
      [
        "ChainApiError",
        "DEFAULT_CHAIN_API_RATE_LIMIT",
        "HISTORY_PAGE_SIZE",
        "InvalidChainApiConfigError",
        "InvalidChainManifestError",
        "InvalidParameterError",
        "InvalidPriceError",
        "MigrationFailedError",
        "NATIVE_TOKEN_ADDRESS",
        "NotFoundError",
        "RateLimitedError",
        "SEED_TOKEN_PRICES",
        "TRANSFER_TOPIC",
        "UpstreamError",
        "balanceResponseSchema",
        "chainApiPlugin",
        "chainManifestSchema",
        "createChainApiServer",
        "createChainIndexer",
        "errorResponseSchema",
        "fungiblePriceResponseSchema",
        "fungiblePriceSchema",
        "gasPriceResponseSchema",
        "historyResponseSchema",
        "historyTransactionSchema",
        "historyTransferSchema",
        "identityResponseSchema",
        "loadChainApiConfig",
        "migrateChainApiDatabase",
        "openChainApiDatabase",
        "parseChainManifest",
        "readChainManifest",
        "seedTokenPrices",
        "setTokenPrice",
        "tokenBalanceSchema",
      ]
    `)
  })
})
