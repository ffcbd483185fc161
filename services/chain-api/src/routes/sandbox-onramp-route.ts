import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { z } from 'zod'
import { DailyLimitError } from '../chain-api-errors.js'
import { onrampNetworkName } from '../onramp/onramp-options.js'
import { sandboxCardOutcome } from '../onramp/sandbox-cards.js'
import {
  SANDBOX_PAGE_SECURITY_HEADERS,
  sandboxIndexPage,
  sandboxOrderPage,
  sandboxOutcomePage,
} from '../onramp/sandbox-page.js'
import { SANDBOX_ONRAMP_PATH } from '../onramp/sandbox-provider.js'
import { parseParameters } from '../request-parameters.js'
import type { ChainApiRouteContext } from './route-context.js'

const purchaseParams = z.object({ id: z.uuid({ error: 'expected a purchase id' }) })
const paymentForm = z.object({
  cardNumber: z.string().trim().max(40).default(''),
  expiry: z.string().trim().max(10).optional(),
  cvc: z.string().trim().max(8).optional(),
})

const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.code(status).headers(SANDBOX_PAGE_SECURITY_HEADERS).type('text/html; charset=utf-8').send(body)

/**
 * The sandbox on-ramp provider's page (`/sandbox-onramp/<purchase>`): shows the purchase, takes a test
 * card and, once paid, has the purchase delivered on the devnet.
 */
export const sandboxOnrampRoute: FastifyPluginAsync<ChainApiRouteContext> = async (
  app,
  { onramp, served },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )
  // The server waits for deliveries under way before it closes the database.
  app.addHook('onClose', () => onramp.settle())
  const networkName = (chainId: number) =>
    served.includes(chainId) ? `${onrampNetworkName(chainId)} (eip155:${chainId})` : `eip155:${chainId}`

  app.get(SANDBOX_ONRAMP_PATH, (_request, reply) => html(reply, sandboxIndexPage()))

  app.get<{ Params: { id: string } }>(`${SANDBOX_ONRAMP_PATH}/:id`, async (request, reply) => {
    const { id } = parseParameters(purchaseParams, request.params)
    const purchase = await onramp.sandboxPurchase(id)
    const network = networkName(purchase.chain_id)
    if (onramp.isExpired(purchase)) return html(reply, sandboxOutcomePage('expired', purchase, network), 410)
    if (purchase.status !== 'created') return html(reply, sandboxOutcomePage('settled', purchase, network))
    return html(reply, sandboxOrderPage(purchase, network))
  })

  app.post<{ Params: { id: string } }>(`${SANDBOX_ONRAMP_PATH}/:id/confirm`, async (request, reply) => {
    const { id } = parseParameters(purchaseParams, request.params)
    const form = parseParameters(paymentForm, request.body ?? {})
    const purchase = await onramp.sandboxPurchase(id)
    const network = networkName(purchase.chain_id)
    if (onramp.isExpired(purchase)) return html(reply, sandboxOutcomePage('expired', purchase, network), 410)
    if (purchase.status !== 'created')
      return html(reply, sandboxOutcomePage('settled', purchase, network), 409)
    const outcome = sandboxCardOutcome(form.cardNumber)
    if (outcome === 'not-a-test-card') {
      const error = 'This card is not accepted here: use one of the test cards below.'
      return html(reply, sandboxOrderPage(purchase, network, error), 400)
    }
    if (outcome === 'declined') {
      const declined = await onramp.decline(purchase.id)
      return html(
        reply,
        sandboxOutcomePage(declined ? 'declined' : 'settled', purchase, network),
        declined ? 402 : 409,
      )
    }
    let accepted: boolean
    try {
      accepted = await onramp.acceptPayment(purchase)
    } catch (error) {
      if (!(error instanceof DailyLimitError)) throw error
      return html(reply, sandboxOrderPage(purchase, network, error.message), 429)
    }
    return html(
      reply,
      sandboxOutcomePage(accepted ? 'paid' : 'settled', purchase, network),
      accepted ? 200 : 409,
    )
  })
}
