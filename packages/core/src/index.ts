// @portico/core's public API: what a dApp calls and names (the instance and its config, locale, theme,
// networks, connection state, errors and the formatting a dApp shows). What Portico's own packages
// need beyond it is in ./internal.ts (`@portico/core/internal`).
export {
  DEFAULT_AUTH_URL,
  DEFAULT_CHAIN_API_URL,
  DEFAULT_DEVNET_URL,
  DEFAULT_EXPLORER_URL,
  DEFAULT_RELAY_URL,
  type PorticoConfig,
  type PorticoConfigInput,
} from './config/config.js'
export type { ConfiguredChainId, NetworkInput } from './config/configured-chain-id.js'
export { parseConfig } from './config/parse-config.js'
export { isEvmAddress, isSolanaAddress } from './config/validation.js'
export type { AccountAddress, EvmAddress, SolanaAddress } from './connection/account-address.js'
export type { Balance } from './connection/account-controller.js'
export {
  type CaipAccountId,
  type CaipNetworkId,
  type ChainId,
  type ChainNamespace,
  parseCaipNetworkId,
  toCaipNetworkId,
} from './connection/caip.js'
export type { TransactionRequest } from './connection/chain-adapter.js'
export type { Connection, ConnectionState, ConnectionStatus } from './connection/connection-controller.js'
export {
  AUTH_CONNECTOR_ID,
  type Connector,
  type ConnectorType,
  WALLET_CONNECT_CONNECTOR_ID,
} from './connection/connector.js'
export { cookieToInitialState, type PorticoInitialState } from './connection/cookie-initial-state.js'
export { cookieStorage } from './connection/cookie-storage.js'
export { getKnownNetwork, knownNetworks, type Network } from './connection/networks.js'
export { errorMessage } from './errors/error-message.js'
export {
  ConfigError,
  ConnectorAlreadyConnectedError,
  type ErrorParams,
  PorticoError,
  type PorticoErrorCode,
  type PorticoErrorOptions,
} from './errors/errors.js'
export { getProviderErrorCode } from './errors/normalize-error.js'
export { ProviderErrorCode } from './errors/provider-error-code.js'
export {
  ChainNotConfiguredError,
  ConnectorNotFoundError,
  HttpRequestError,
  InvalidWalletResponseError,
  ProviderNotFoundError,
  RpcTimeoutError,
  UserRejectedRequestError,
} from './errors/wallet-errors.js'
export { NamesError, type NamesErrorKind } from './features/names/names-errors.js'
export type {
  SiweConfig,
  SiweCreateMessageArgs,
  SiweMessageParams,
  SiweSession,
  SiweVerifyMessageArgs,
} from './features/siwe/siwe-config.js'
export { blockExplorerUrl } from './format/block-explorer-url.js'
export { formatUnitsTruncated, shortenAddress } from './format/format.js'
export { formatAmount, formatCurrency } from './i18n/intl-format.js'
export { getLocale, type LocaleState, setLocale } from './i18n/locale.js'
export { TRANSLATED_LOCALES, type TranslatedLocale } from './i18n/supported-locales.js'
export type { KernelEventMap, KernelEventName } from './kernel/kernel-events.js'
export type { ModalState } from './modal/modal-controller.js'
export type { ViewName, ViewRegistry } from './modal/router.js'
export type { ThemeMode, ThemeState } from './modal/theme-controller.js'
export { THEME_VARIABLE_NAMES, type ThemeVariableName, type ThemeVariables } from './modal/theme-variables.js'
export { type CreatePorticoOptions, createPortico, type Portico } from './portico.js'
