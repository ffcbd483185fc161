export { isAllowedOrigin } from './cors-origins.js'
export {
  chainIdList,
  chainRpcUrls,
  flag,
  type LogLevel,
  logLevel,
  optionalText,
  originList,
  port,
  positiveInt,
  postgresUrl,
  redisUrl,
  rpcUrlTemplate,
} from './env-schemas.js'
export {
  type ErrorResponsesOptions,
  errorResponse,
  errorResponses,
  frameworkErrors,
  invalidInput,
} from './error-responses.js'
export { containsNulByte, NulByteError, nulByteGuard } from './nul-byte-guard.js'
export { applyOwnerOnlyUmask, OWNER_ONLY_UMASK } from './owner-only-umask.js'
export { parseEnv } from './parse-env.js'
export { InvalidPorticoModeError, type PorticoMode, porticoMode } from './portico-mode.js'
export { privateLoggerOptions, privateLogging } from './private-logger.js'
export {
  DEFAULT_RATE_LIMIT_KEY_PREFIX,
  type RateLimitStoreOptions,
  rateLimitStore,
} from './rate-limit-store.js'
export {
  createRequestLimits,
  type LimitHook,
  type RateLimitScope,
  type RateLimitSettings,
  type RequestLimits,
  type RequestLimitsOptions,
} from './request-limits.js'
export { type LoggedRequest, requestLogPath } from './request-log-path.js'
export { type ServiceCorsOptions, serviceCors } from './service-cors.js'
export { DEFAULT_HOST, type ServiceEnv, serviceEnvSchema } from './service-env.js'
export { type ErrorBody, type ErrorDetails, errorBody, ServiceError } from './service-error.js'
