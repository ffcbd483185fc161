// dApp side: no viem here, so the modal can import it lazily at a small cost.
export * from './auth-api.js'
export { toChainIdNumber } from './chain-id.js'
export * from './frame-client.js'
export * from './frame-error.js'
export * from './frame-messages.js'
export * from './frame-storage.js'
export * from './rpc-methods.js'
