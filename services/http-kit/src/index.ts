export { isAllowedOrigin } from './cors-origins.js'
export {
  chainIdList,
  flag,
  type LogLevel,
  logLevel,
  optionalText,
  originList,
  port,
  positiveInt,
} from './env-schemas.js'
export { containsNulByte, NulByteError, nulByteGuard } from './nul-byte-guard.js'
export { applyOwnerOnlyUmask, OWNER_ONLY_UMASK } from './owner-only-umask.js'
export { parseEnv } from './parse-env.js'
export { privateLoggerOptions, privateLogging } from './private-logger.js'
export {
  createRequestLimits,
  type LimitHook,
  type RateLimitScope,
  type RateLimitSettings,
  type RequestLimits,
  type RequestLimitsOptions,
} from './request-limits.js'
export { type LoggedRequest, requestLogPath } from './request-log-path.js'
