export { ConnectButton, type ConnectButtonCustomProps, type ConnectButtonProps } from './connect-button.js'
// The views the features register in core's ViewRegistry (Activity, AllWallets…), so a dApp's
// `open({ view: 'Activity' })` type-checks against the published declarations too.
export type {} from './features/activity/feature.js'
export type {} from './features/auth/feature.js'
export type {} from './features/help/feature.js'
export type {} from './features/onramp/feature.js'
export type {} from './features/send/feature.js'
export type {} from './features/swap/feature.js'
export type {} from './features/wallet-list/feature.js'
export { NetworkButton } from './network-button.js'
export { createPortico, PorticoProvider, type PorticoProviderProps } from './portico-provider.js'
export type { ChainIdOf, Register, RegisteredPortico } from './register.js'
export {
  type UseAccountAddress,
  type UseAccountFields,
  type UseAccountResult,
  useAccount,
} from './use-account.js'
export type { ConnectButtonState } from './use-connect-button.js'
export { useModal } from './use-modal.js'
export { type UseNetworkResult, useNetwork } from './use-network.js'
export { usePortico } from './use-portico.js'
export { useStore } from './use-store.js'
