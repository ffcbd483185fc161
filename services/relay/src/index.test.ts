import { describe, expect, it } from 'vitest'
import * as relay from './index.js'

describe('@portico/relay public API', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(relay).sort()).toMatchInlineSnapshot(`
      [
        "CLOSE_CODE_RELAY_ERROR",
        "DEFAULT_MAX_MESSAGE_BYTES",
        "DEFAULT_MAX_TTL_SECONDS",
        "DEFAULT_MIN_TTL_SECONDS",
        "DEFAULT_PING_INTERVAL_MS",
        "DEFAULT_REDIS_KEY_PREFIX",
        "DEFAULT_RELAY_LIMITS",
        "InvalidRelayConfigError",
        "MAX_TTL_SECONDS",
        "RELAY_HTTP_ROUTES",
        "RPC_INTERNAL_ERROR",
        "RPC_INVALID_PARAMS",
        "RPC_INVALID_REQUEST",
        "RPC_METHOD_NOT_FOUND",
        "RPC_PARSE_ERROR",
        "RPC_REQUEST_REFUSED",
        "RPC_TOO_MANY_REQUESTS",
        "RelayAuthError",
        "RelayRpcError",
        "clampTtlSeconds",
        "createRelayServer",
        "jsonLineLogger",
        "loadRelayConfig",
        "loadRelayLimits",
        "messageId",
        "migrateRelayDatabase",
        "normalizeRelayUrl",
        "openRelayDatabase",
        "relayParamSchemas",
        "relayServerOptions",
        "silentLogger",
        "verifyRelayJwt",
      ]
    `)
  })
})
