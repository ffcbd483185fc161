// The frame page's logic (uses viem and shamir); `@portico/frame/page`.

export * from '../rpc-methods.js'
export * from './auth-client.js'
export * from './frame-env.js'
export * from './frame-handler.js'
export * from './frame-vault.js'
export * from './wallet-keys.js'
export * from './wallet-rpc.js'
