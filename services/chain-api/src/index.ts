export {
  ACCOUNT_NAME_SUFFIX,
  accountNameProblem,
  chainIdOfCoinType,
  coinTypeOfChainId,
} from './account-name.js'
export type { BalanceResponse, TokenBalance } from './balance-response.js'
export { balanceResponseSchema, tokenBalanceSchema } from './balance-response.js'
export { TRANSFER_TOPIC } from './block-activity.js'
export type { ChainApiConfig } from './chain-api-config.js'
export { InvalidChainApiConfigError, loadChainApiConfig } from './chain-api-config.js'
export type { ChainApiDatabase } from './chain-api-database.js'
export {
  ChainApiError,
  InvalidParameterError,
  NotFoundError,
  RateLimitedError,
  UpstreamError,
} from './chain-api-errors.js'
export type { ChainApiPluginOptions } from './chain-api-plugin.js'
export { chainApiPlugin } from './chain-api-plugin.js'
export { chainApiServerOptions } from './chain-api-server-options.js'
export type { ChainIndexerOptions } from './chain-indexer.js'
export { createChainIndexer } from './chain-indexer.js'
export type {
  ChainManifest,
  ChainManifestInput,
  ManifestAccountAbstraction,
  ManifestChain,
  ManifestToken,
  ManifestUniswapV2,
} from './chain-manifest.js'
export { chainManifestSchema, InvalidChainManifestError, parseChainManifest } from './chain-manifest.js'
export type {
  BuildApproveResponse,
  BuildTransactionResponse,
  SwapAllowanceResponse,
  SwapQuoteResponse,
  SwapToken,
  SwapTokensResponse,
} from './convert/convert-response.js'
export {
  buildApproveResponseSchema,
  buildTransactionResponseSchema,
  swapAllowanceResponseSchema,
  swapQuoteResponseSchema,
  swapTokenSchema,
  swapTokensResponseSchema,
} from './convert/convert-response.js'
export type { ChainApiServer, CreateChainApiServerOptions } from './create-chain-api-server.js'
export { createChainApiServer } from './create-chain-api-server.js'
export type { ErrorResponse } from './error-response.js'
export { errorResponseSchema } from './error-response.js'
export type { FungiblePrice, FungiblePriceResponse } from './fungible-price-response.js'
export { fungiblePriceResponseSchema, fungiblePriceSchema } from './fungible-price-response.js'
export type { GasPriceResponse } from './gas-price-response.js'
export { gasPriceResponseSchema } from './gas-price-response.js'
export { HISTORY_PAGE_SIZE } from './get-history.js'
export type {
  HistoryApproval,
  HistoryResponse,
  HistoryTransaction,
  HistoryTransfer,
} from './history-response.js'
export { historyResponseSchema, historyTransactionSchema, historyTransferSchema } from './history-response.js'
export type { IdentityResponse } from './identity-response.js'
export { identityResponseSchema } from './identity-response.js'
export type { ChainIndexer } from './indexer-loop.js'
export type { KnownToken } from './known-tokens.js'
export { NATIVE_TOKEN_ADDRESS } from './known-tokens.js'
export { MigrationFailedError, migrateChainApiDatabase } from './migrate-chain-api-database.js'
export type { OpenChainApiDatabaseOptions } from './open-chain-api-database.js'
export { openChainApiDatabase } from './open-chain-api-database.js'
export { NameRequestRefusedError } from './profile-errors.js'
export type { NameProfile, NameSuggestionsResponse, ProfileErrorResponse } from './profile-response.js'
export {
  nameProfileSchema,
  nameSuggestionsResponseSchema,
  profileErrorResponseSchema,
} from './profile-response.js'
export { readChainManifest } from './read-chain-manifest.js'
export { NAME_MESSAGE_MAX_AGE_SECONDS } from './register-name.js'
export type { ChainApiRateLimit } from './request-limits.js'
export { DEFAULT_CHAIN_API_RATE_LIMIT } from './request-limits.js'
