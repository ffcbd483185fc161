import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { requestLogPath } from '@portico/http-kit'
import type { WebSocketServer } from 'ws'
import { clientAddress } from './client-address.js'
import type { ClientQuotas } from './client-quotas.js'
import { RelayConnection } from './relay-connection.js'
import { RelayAuthError } from './relay-errors.js'
import { refuseUpgrade } from './relay-http.js'
import type { RelayHub } from './relay-hub.js'
import type { RelayLogger } from './relay-logger.js'
import { type RelayClaims, verifyRelayJwt } from './verify-relay-jwt.js'

/** WalletConnect's close code for fatal relay errors (the SDK asks for it with `useOnCloseEvent=true`). */
export const CLOSE_CODE_RELAY_ERROR = 3000

export interface RelayUpgradeOptions {
  wss: WebSocketServer
  hub: RelayHub<RelayConnection>
  quotas: ClientQuotas
  /** The URLs a client's JWT may name as audience (filled once the server listens). */
  audiences: ReadonlySet<string>
  logger: RelayLogger
  /** Count sockets by the address a reverse proxy forwards (X-Forwarded-For), not the proxy's own. */
  trustProxy?: boolean
}

/**
 * Turns an HTTP upgrade into a relay connection: quotas per address, the did:key JWT, then quotas per client.
 * Refusals go to clients that asked for close events as a 3000 close with the reason, to the others as
 * HTTP 401/429. The log names the path only: the query carries the JWT, and addresses are not logged.
 */
export function relayUpgradeHandler({
  wss,
  hub,
  quotas,
  audiences,
  logger,
  trustProxy = false,
}: RelayUpgradeOptions) {
  const refused = (request: IncomingMessage, status: number, reason: string) =>
    logger.info('relay upgrade refused', {
      path: requestLogPath({ url: request.url ?? '/' }),
      status,
      reason,
    })

  const upgrade = async (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const query = new URL(request.url ?? '/', 'http://relay').searchParams
    const ip = clientAddress(request, trustProxy)
    const closeEvents = query.get('useOnCloseEvent') === 'true'
    // A flood of sockets from one address is turned away before any signature is checked.
    const busy = await quotas.socketRefusal(ip)
    if (busy) {
      refused(request, 429, busy)
      refuseUpgrade(socket, 429, busy)
      return
    }
    let claims: RelayClaims | undefined
    let refusal: string | undefined
    try {
      claims = verifyRelayJwt(query.get('auth'), audiences)
    } catch (error) {
      if (!(error instanceof RelayAuthError)) throw error
      refusal = error.message
    }
    if (!closeEvents && refusal) {
      // Clients that did not ask for close events get refusals as a plain HTTP answer.
      refused(request, 401, refusal)
      return refuseUpgrade(socket, 401, refusal)
    }
    // The socket's place is taken before the upgrade (the quota may be shared with other relays, so it is
    // asked for asynchronously, and a socket must have its listeners as soon as it is open).
    const admission = claims ? await quotas.admitSocket(claims.clientId, ip) : undefined
    if (!closeEvents && admission?.refusal) {
      refused(request, 429, admission.refusal)
      return refuseUpgrade(socket, 429, admission.refusal)
    }
    const release = () => {
      if (admission && admission.refusal === undefined) admission.release()
    }
    if (socket.destroyed) return release()
    // An upgrade that fails half-way closes the socket without calling back: its place is freed then.
    let upgraded = false
    socket.once('close', () => {
      if (!upgraded) release()
    })
    wss.handleUpgrade(request, socket, head, (ws) => {
      upgraded = true
      ws.on('error', (error) => logger.warn('relay socket error', { error: error.message }))
      if (!claims || !admission || admission.refusal) {
        ws.close(CLOSE_CODE_RELAY_ERROR, admission?.refusal ?? refusal)
        return
      }
      const connection = new RelayConnection(ws, claims.clientId, ip, hub, logger)
      hub.connections.add(connection)
      ws.on('close', () => {
        release()
        hub.disconnect(connection)
      })
    })
  }

  return (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgrade(request, socket, head).catch((error: unknown) => {
      // The quota store (Redis) failed: the relay cannot tell whether the client is within its quotas.
      logger.error('relay upgrade failed', { error: String(error) })
      if (!socket.destroyed) refuseUpgrade(socket, 503, 'Relay temporarily unavailable')
    })
  }
}
