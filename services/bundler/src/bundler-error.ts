import { PorticoError } from '@portico/wire'

export type BundlerErrorCode = 'BUNDLER_START_FAILED' | 'BUNDLER_CONFIG_INVALID'

/** A bundler service failure: alto would not start for a chain, or a setting is wrong. */
export class BundlerError extends PorticoError<BundlerErrorCode> {
  override name = 'BundlerError'
}
