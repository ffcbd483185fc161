import { mkdtempSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createChainApiServer } from '@portico/chain-api'
import { DEV_ACCOUNTS, startDevnet } from '@portico/devnet'
import { createExplorerServer } from '@portico/explorer'
import { createRelayServer, RELAY_HTTP_ROUTES } from '@portico/relay'
import type { FastifyInstance } from 'fastify'
import { startTestServer } from '../../services/auth/src/auth-test-helpers.js'
import { type HttpTarget, tableRowCounts } from './fuzz-routes.js'
import type { FuzzRequest } from './http-arbitraries.js'
import { routeShapes } from './route-shapes.js'
import { routesOf } from './route-table.js'

/** The origin the auth service's own frame page posts from. */
const AUTH_ORIGIN = 'http://localhost:3004'

const inject = (app: FastifyInstance) => async (request: FuzzRequest) => {
  const response = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  })
  return response.statusCode
}

/** The frame pages the auth service serves, as a build leaves them (their content does not matter here). */
function builtFramePages() {
  const dir = mkdtempSync(join(tmpdir(), 'portico-fuzz-frame-'))
  for (const page of ['index.html', 'approve.html'])
    writeFileSync(
      join(dir, page),
      '<!doctype html><html><head><title>frame</title></head><body></body></html>',
    )
  return dir
}

/** Plain HTTP to a listening server (the relay is no Fastify app), answer body drained. */
const overHttp = (port: number) => (request: FuzzRequest) =>
  new Promise<number>((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        // What Node's client cannot put on the request line at all goes percent-encoded.
        path: request.url.replace(/[^\u0021-\u00ff]/g, encodeURIComponent),
        headers: request.headers,
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      },
    )
    outgoing.on('error', reject)
    outgoing.end(request.payload)
  })

/**
 * The four services as a visitor's requests meet them: explorer, chain API on a devnet, auth with a
 * signed-in session, the relay's HTTP side. Rate limits are off so every case reaches the handlers.
 */
export async function startFuzzTargets() {
  const devnet = await startDevnet({ port: 0, chainIds: [1] })
  const explorer = await createExplorerServer({ rateLimit: false, walletCacheTtlMs: 0 })
  const chainApi = await createChainApiServer({ manifest: devnet.manifest, indexer: false, rateLimit: false })
  const auth = await startTestServer({
    rateLimit: false,
    rpcUrlTemplate: `${devnet.url}/{chainId}`,
    framePageDir: builtFramePages(),
  })
  const relay = await createRelayServer({ port: 0 })
  const { session } = await auth.signIn('fuzz-user@example.test')
  const shapes = routeShapes({
    address: DEV_ACCOUNTS[1] as string,
    tokens: devnet.manifest.chains.flatMap((chain) =>
      chain.tokens.map((token) => `eip155:${chain.chainId}:${token.address}`),
    ),
    bearer: `Bearer ${session.token}`,
    origin: AUTH_ORIGIN,
  })
  const targets: HttpTarget[] = [
    {
      service: 'explorer',
      routes: routesOf(explorer.app),
      shapes: shapes.explorer,
      send: inject(explorer.app),
      rowCounts: await tableRowCounts(explorer.db),
    },
    {
      service: 'chain API',
      routes: routesOf(chainApi.app),
      shapes: shapes.chainApi,
      send: inject(chainApi.app),
      rowCounts: await tableRowCounts(chainApi.db),
    },
    {
      service: 'auth',
      routes: routesOf(auth.app),
      shapes: shapes.auth,
      send: inject(auth.app),
      rowCounts: await tableRowCounts(auth.server.db),
    },
    {
      service: 'relay',
      routes: RELAY_HTTP_ROUTES.map((route) => ({ ...route })),
      shapes: shapes.relay,
      send: overHttp(relay.port),
    },
  ]
  return {
    targets,
    relayUrl: relay.url,
    async close() {
      await Promise.allSettled([explorer.close(), chainApi.close(), auth.server.close(), relay.close()])
      await devnet.stop()
    },
  }
}
