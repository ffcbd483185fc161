import { describe, expect, it } from 'vitest'
import * as chainApi from './index.js'

describe('@portico/chain-api public API', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(chainApi).sort()).toMatchInlineSnapshot(`
      [
        "ACCOUNT_NAME_SUFFIX",
        "ChainApiError",
        "DEFAULT_CHAIN_API_RATE_LIMIT",
        "HISTORY_PAGE_SIZE",
        "InvalidChainApiConfigError",
        "InvalidChainManifestError",
        "InvalidParameterError",
        "MigrationFailedError",
        "NAME_MESSAGE_MAX_AGE_SECONDS",
        "NATIVE_TOKEN_ADDRESS",
        "NameRequestRefusedError",
        "NotFoundError",
        "RateLimitedError",
        "TRANSFER_TOPIC",
        "UpstreamError",
        "accountNameProblem",
        "balanceResponseSchema",
        "buildApproveResponseSchema",
        "buildTransactionResponseSchema",
        "chainApiPlugin",
        "chainApiServerOptions",
        "chainIdOfCoinType",
        "chainManifestSchema",
        "coinTypeOfChainId",
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
        "nameProfileSchema",
        "nameSuggestionsResponseSchema",
        "openChainApiDatabase",
        "parseChainManifest",
        "profileErrorResponseSchema",
        "readChainManifest",
        "swapAllowanceResponseSchema",
        "swapQuoteResponseSchema",
        "swapTokenSchema",
        "swapTokensResponseSchema",
        "tokenBalanceSchema",
      ]
    `)
  })
})
