export type { CreateRelayServerOptions, RelayServer } from './create-relay-server.js'
export {
  CLOSE_CODE_RELAY_ERROR,
  createRelayServer,
  DEFAULT_MAX_MESSAGE_BYTES,
  DEFAULT_PING_INTERVAL_MS,
  DEFAULT_REDIS_KEY_PREFIX,
} from './create-relay-server.js'
export type { BacklogPage, Mailbox, PutResult } from './mailbox.js'
export type { MessageRecord } from './message-record.js'
export {
  clampTtlSeconds,
  DEFAULT_MAX_TTL_SECONDS,
  DEFAULT_MIN_TTL_SECONDS,
  MAX_TTL_SECONDS,
  messageId,
} from './message-record.js'
export { migrateRelayDatabase } from './migrate-relay-database.js'
export type { OpenRelayDatabaseOptions } from './open-relay-database.js'
export { openRelayDatabase } from './open-relay-database.js'
export type { RelayConfig } from './relay-config.js'
export { loadRelayConfig, loadRelayLimits } from './relay-config.js'
export {
  InvalidRelayConfigError,
  RelayAuthError,
  RelayRpcError,
  RPC_INTERNAL_ERROR,
  RPC_INVALID_PARAMS,
  RPC_INVALID_REQUEST,
  RPC_METHOD_NOT_FOUND,
  RPC_PARSE_ERROR,
  RPC_REQUEST_REFUSED,
  RPC_TOO_MANY_REQUESTS,
} from './relay-errors.js'
export { RELAY_HTTP_ROUTES } from './relay-http.js'
export type { RelayLimits } from './relay-limits.js'
export { DEFAULT_RELAY_LIMITS } from './relay-limits.js'
export type { RelayLogger, RelayLogLevel } from './relay-logger.js'
export { jsonLineLogger, silentLogger } from './relay-logger.js'
export type { RelayMethod } from './relay-params.js'
export { relayParamSchemas } from './relay-params.js'
export { relayServerOptions } from './relay-server-options.js'
export type { RelayClaims } from './verify-relay-jwt.js'
export { normalizeRelayUrl, verifyRelayJwt } from './verify-relay-jwt.js'
