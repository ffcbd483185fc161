import type { FastifyPluginAsync } from 'fastify'
import { balanceRoute } from './balance-route.js'
import { convertRoute } from './convert-route.js'
import { fungiblePriceRoute } from './fungible-price-route.js'
import { gasPriceRoute } from './gas-price-route.js'
import { historyRoute } from './history-route.js'
import { identityRoute } from './identity-route.js'
import { onrampRoute } from './onramp-route.js'
import { profileRoute } from './profile-route.js'
import type { ChainApiRouteContext } from './route-context.js'
import { rpcGatewayRoute } from './rpc-gateway-route.js'
import { sandboxOnrampRoute } from './sandbox-onramp-route.js'

/** One module per resource; a new resource is one file and one line here. */
const ROUTES: readonly FastifyPluginAsync<ChainApiRouteContext>[] = [
  balanceRoute,
  historyRoute,
  identityRoute,
  fungiblePriceRoute,
  gasPriceRoute,
  convertRoute,
  profileRoute,
  rpcGatewayRoute,
  onrampRoute,
  sandboxOnrampRoute,
]

/** Registers every route module with the shared context (each inherits the parent's hooks and error handler). */
export const chainApiRoutes: FastifyPluginAsync<ChainApiRouteContext> = async (app, context) => {
  for (const route of ROUTES) await app.register(route, context)
}
