// The wallet frame page's logic (viem, shamir-secret-sharing). The dApp side never imports this package:
// it shares only the wire schemas of `@portico/wire` with the page.
export {
  AuthApiError,
  type AuthClient,
  authErrorMessage,
  createAuthClient,
  type FetchLike,
} from './page/auth-client.js'
export { isOriginAllowed, resolveParentOrigin, rpcUrlFor } from './page/frame-env.js'
export {
  createFrameHandler,
  type FrameHandler,
  type FrameHandlerOptions,
  type FrameIncomingEvent,
  type FrameOutgoingMessage,
} from './page/frame-handler.js'
export { createFrameVault, type FrameVault } from './page/frame-vault.js'
export { jsonRpc, RpcError } from './page/json-rpc.js'
export type { KeyValueStorage } from './page/key-value-storage.js'
export type { WalletRpcContext } from './page/wallet-context.js'
export { combineShares, createWalletShares, type WalletShares } from './page/wallet-keys.js'
export { handleWalletRpc } from './page/wallet-rpc.js'
