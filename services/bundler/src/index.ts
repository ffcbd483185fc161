export { type AltoChainSettings, altoSettings } from './alto-settings.js'
export { type BundlerConfig, DEFAULT_ENTRY_POINTS, loadBundlerConfig } from './bundler-config.js'
export { BundlerError, type BundlerErrorCode } from './bundler-error.js'
export { BUNDLER_METHODS } from './bundler-rpc.js'
export {
  type BundlerChain,
  type BundlerServer,
  type BundlerServerOptions,
  createBundlerServer,
} from './create-bundler-server.js'
