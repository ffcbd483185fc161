/**
 * @internal
 * What Portico's own packages (@portico/react, @portico/evm, @portico/solana) need from the core beyond
 * its public API: the stores, controllers, router and catalogues the modal is built from. Not for dApps:
 * it changes with the packages, without notice.
 * @packageDocumentation
 */
export type {
  AuthApprovalRequest,
  AuthBackend,
  AuthBackendOptions,
  AuthUserInfo,
  FrameSocialProvider,
  GrantedPermission,
  KeyExportOutcome,
  LoadAuthBackend,
  SignInMethod,
  SocialOption,
} from './auth/auth-backend.js'
export {
  type AuthController,
  type AuthState,
  type AuthStep,
  createAuthController,
} from './auth/auth-controller.js'
export { type ChainApiClient, createChainApiClient, type GasPrice } from './clients/chain-api-client.js'
export type { TokenBalance } from './clients/chain-api-schemas.js'
export {
  type AnalyticsEvent,
  createExplorerClient,
  type ExplorerClient,
  type GetWalletsParams,
} from './clients/explorer-client.js'
export { assetImageUrl } from './clients/explorer-request.js'
export {
  type GetWalletsResponse,
  getWalletsResponseSchema,
  type WalletListing,
  walletListingSchema,
} from './clients/wallet-listing.js'
export { defaultEvmChainId, resolveConfig } from './config/config.js'
export { IMAGE_PRELOAD_TIMEOUT_MS, RECEIPT_WAIT_MS, SEARCH_MIN_WAIT_MS } from './config/constants.js'
export {
  chainIdToCoinType,
  getResponseType,
  isRegistrationName,
  isSignedMessage,
  isTransactionHash,
} from './config/validation.js'
export {
  type AccountController,
  type AccountState,
  createAccountController,
} from './connection/account-controller.js'
export { caipNetworkIdOf, namespaceOf, toCaipAddress } from './connection/caip.js'
export type {
  AdapterContext,
  AdapterEvent,
  ChainAdapter,
  ChainAdapterFactory,
  ConnectOptions,
  FeeEstimate,
  OneClickSignIn,
  OneClickSignInRequest,
  WalletConnection,
} from './connection/chain-adapter.js'
export { type ConnectionController, createConnectionController } from './connection/connection-controller.js'
export {
  CONNECTION_STORAGE_KEY,
  clearStoredConnection,
  readStoredConnection,
  type StoredConnection,
  storedConnectionGuard,
  writeStoredConnection,
} from './connection/connection-storage.js'
export { findConnector } from './connection/find-connector.js'
export {
  createNetworkController,
  type NetworkController,
  type NetworkState,
} from './connection/network-controller.js'
export { isNetworkObject } from './connection/networks.js'
export { sessionConnection, type WalletConnectSession } from './connection/walletconnect-session.js'
export { withTimeout } from './connection/with-timeout.js'
export { normalizeError } from './errors/normalize-error.js'
export type { HistoryItem } from './features/activity/history-schemas.js'
export type { HistoryController, HistoryState, NameRegistration } from './features/activity/history-state.js'
export {
  type ActivityEntry,
  activityEntries,
  groupTransactions,
  isSpamTransaction,
  type TransactionGroup,
} from './features/activity/transaction-groups.js'
export {
  type ActivityApproval,
  type ActivityCounterparty,
  type ActivityKind,
  type ActivityLeg,
  type ActivitySummary,
  summarizeTransaction,
} from './features/activity/transaction-summary.js'
export { type Analytics, type AnalyticsEventName, createAnalytics } from './features/analytics/analytics.js'
export {
  ACCOUNT_NAME_MAX_LENGTH,
  ACCOUNT_NAME_MIN_LENGTH,
  ACCOUNT_NAME_SUFFIX,
  type AccountNameProblem,
  accountNameProblem,
} from './features/names/account-name-rule.js'
export type { NamesController, NamesState } from './features/names/names-controller.js'
export type { NameProfile, NameSuggestion } from './features/names/names-schemas.js'
export {
  ONRAMP_POLL_INTERVAL_MS,
  type OnrampController,
  type OnrampPurchaseInProgress,
  type OnrampSelection,
  type OnrampState,
  onrampControllerOf,
} from './features/onramp/onramp-controller.js'
export { type AmountProblem, methodLimits } from './features/onramp/onramp-limits.js'
export type {
  OnrampOptions,
  OnrampProvider,
  OnrampPurchase,
  OnrampQuote,
  PaymentCurrency,
  PurchaseCurrency,
} from './features/onramp/onramp-schemas.js'
export {
  createPairingController,
  type PairingController,
  type PairingState,
  type PairingStatus,
} from './features/pairing/pairing-controller.js'
export type { AmountError, ReceiverError, SendCheck } from './features/send/check-send.js'
export { formatAmountInput, parseAmount } from './features/send/parse-amount.js'
export {
  createSendController,
  type SendController,
  type SendOutcome,
  type SendState,
} from './features/send/send-controller.js'
export { NATIVE_TOKEN_KEY, type SendToken } from './features/send/send-token.js'
export type { SiweController, SiweState, SiweStatus } from './features/siwe/siwe-controller.js'
export { SUGGESTED_TOKEN_SYMBOLS, SWAP_PROVIDER_FEE_RATE } from './features/swap/swap-constants.js'
export {
  createSwapController,
  type PreparedTransaction,
  type SwapController,
  type SwapInputError,
  type SwapOutcome,
  type SwapState,
  type SwapToken,
} from './features/swap/swap-controller.js'
export { minimumReceivedOf, rateOf, usdValueOf } from './features/swap/swap-math.js'
export { isSwapSupportedChain, SWAP_SUPPORTED_CHAIN_IDS } from './features/swap/swap-networks.js'
export { buildConnectList, type ConnectListItem } from './features/wallet-list/connect-list.js'
export {
  addRecentWallet,
  RECENT_WALLETS_STORAGE_KEY,
  type RecentWallet,
  readRecentWallets,
} from './features/wallet-list/recent-wallets.js'
export {
  createWalletsController,
  WALLETS_CACHE_STORAGE_KEY,
  type WalletListOptions,
  type WalletsController,
  type WalletsState,
} from './features/wallet-list/wallets-controller.js'
export { blockExplorerLink } from './format/block-explorer-url.js'
export { truncateDecimalString } from './format/format.js'
export {
  addTranslationSource,
  type Catalogue,
  type CatalogueOptions,
  defineMessages,
  type MessageEntries,
  type MessageParams,
  type PluralForms,
  type Translation,
  type TranslationSource,
} from './i18n/catalogue.js'
export { formatMonth, formatRelativeTime, formatTime } from './i18n/intl-format.js'
export { localeStore, resolveLocale } from './i18n/locale.js'
export { errorMessages, type MessageKey, messages, t } from './i18n/messages.js'
export { localeDirection, PSEUDO_LOCALE, translatedLocaleFor } from './i18n/supported-locales.js'
export {
  type CheckedCatalogue,
  findLocaleProblems,
  findTranslationProblems,
} from './i18n/translation-check.js'
export { type LocaleFiles, type LocaleTranslations, translationLoader } from './i18n/translation-loader.js'
export type { ConnectTarget, KernelEvents } from './kernel/kernel-events.js'
export { afterFirstFrame } from './modal/after-first-frame.js'
export {
  type ButtonMessageKey,
  buttonMessages,
  buttonText,
  buttonTranslation,
  formatMessage,
} from './modal/button-messages.js'
export { createModalController, type ModalController } from './modal/modal-controller.js'
export { currentRouteData } from './modal/route-data.js'
export {
  createRouter,
  type RouteData,
  type Router,
  type RouterEntry,
  type RouterState,
} from './modal/router.js'
export { createThemeController, type ThemeController } from './modal/theme-controller.js'
export {
  createToastController,
  TOAST_DURATION_MS,
  type ToastController,
  type ToastState,
  type ToastVariant,
} from './modal/toast-controller.js'
export {
  createTooltipController,
  type TooltipController,
  type TooltipState,
  type TriggerRect,
} from './modal/tooltip-controller.js'
export { perPortico } from './per-portico.js'
export { type ConnectorsState, createPorticoWithRuntime, type RuntimeLoader } from './portico.js'
export { createStore, type Store } from './store.js'
