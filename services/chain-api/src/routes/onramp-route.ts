import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { InvalidParameterError } from '../chain-api-errors.js'
import { PAYMENT_CURRENCIES, PAYMENT_METHOD_LIMITS, PAYMENT_METHODS } from '../onramp/onramp-limits.js'
import { evmAddressSchema, parseParameters, projectIdSchema } from '../request-parameters.js'
import { parseTextBodiesAsJson } from './json-text-bodies.js'
import type { ChainApiRouteContext } from './route-context.js'
import { singleValues } from './single-values.js'

/** A fiat amount, as a number or a decimal string (Web3Modal sends strings). */
const fiatAmountSchema = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,12}(\.\d{1,18})?$/, 'expected a decimal number'),
  ])
  .transform(Number)
  .pipe(z.number().positive('expected an amount above 0').finite())

const cryptoAmountSchema = z
  .union([
    z.number().positive(),
    z
      .string()
      .trim()
      .regex(/^\d{1,30}(\.\d{1,18})?$/, 'expected a decimal number'),
  ])
  .transform(String)

/** A currency by id, or Web3Modal's PurchaseCurrency / PaymentCurrency object. */
const currencyIdSchema = (field: 'id' | 'symbol') =>
  z.union([
    z.string().trim().min(1).max(32),
    z
      .object({ id: z.string().max(64).optional(), symbol: z.string().max(32).optional() })
      .transform((value, context) => {
        const id = value[field] ?? value.id
        if (id) return id
        context.addIssue({ code: 'custom', message: `expected a currency ${field}` })
        return z.NEVER
      }),
  ])

const paymentCurrencySchema = currencyIdSchema('id')
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(PAYMENT_CURRENCIES, { error: `expected one of ${PAYMENT_CURRENCIES.join(', ')}` }))

const paymentMethodSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(PAYMENT_METHODS, { error: `expected one of ${PAYMENT_METHODS.join(', ')}` }))
  .default('card')

const optionsRequest = z.object({ projectId: projectIdSchema })

const quoteRequest = z.object({
  projectId: projectIdSchema,
  purchaseCurrency: currencyIdSchema('symbol'),
  paymentCurrency: paymentCurrencySchema,
  amount: fiatAmountSchema,
  network: z.string().trim().max(64).optional(),
  paymentMethod: paymentMethodSchema,
})

const onrampUrlRequest = z.object({
  projectId: projectIdSchema,
  destinationWallets: z
    .array(
      z.object({
        address: evmAddressSchema,
        blockchains: z.array(z.string().max(64)).max(20).optional(),
        assets: z.array(z.string().max(32)).max(50).optional(),
      }),
    )
    .min(1, 'expected one destination wallet')
    .max(1, 'expected one destination wallet'),
  defaultNetwork: z.string().trim().max(64).optional(),
  partnerUserId: z.string().trim().min(1).max(256),
  defaultExperience: z.literal('buy', { error: 'only buy is supported' }).optional(),
  presetCryptoAmount: cryptoAmountSchema.optional(),
  presetFiatAmount: fiatAmountSchema.optional(),
  // Portico's additions: how the visitor pays and which provider opens.
  paymentCurrency: paymentCurrencySchema.default('USD'),
  paymentMethod: paymentMethodSchema,
  provider: z.string().trim().max(32).optional(),
})

/** Where this request came in, for URLs of pages the chain API serves itself. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`

const queryAndBody = (request: FastifyRequest) => ({
  ...singleValues(request.query),
  ...(request.body && typeof request.body === 'object' ? request.body : {}),
})

/**
 * On-ramp (spec §7): `GET /v1/onramp/options`, `POST /v1/onramp/quote`, `POST /v1/generators/onrampurl`,
 * and `GET /v1/onramp/providers` (Portico's: which providers are configured here).
 */
export const onrampRoute: FastifyPluginAsync<ChainApiRouteContext> = async (app, { onramp }) => {
  // Web3Modal posts the quote and URL requests without a Content-Type: their JSON arrives as text/plain.
  parseTextBodiesAsJson(app)

  app.get('/v1/onramp/options', async (request) => {
    parseParameters(optionsRequest, singleValues(request.query))
    return onramp.options()
  })

  app.get('/v1/onramp/providers', async (request) => {
    parseParameters(optionsRequest, singleValues(request.query))
    return { providers: onramp.providers(originOf(request)) }
  })

  app.post('/v1/onramp/quote', { bodyLimit: 16 * 1024 }, async (request) => {
    const input = parseParameters(quoteRequest, queryAndBody(request))
    return onramp.quote({
      asset: onramp.resolveAsset(input.purchaseCurrency, input.network),
      amount: input.amount,
      paymentCurrency: input.paymentCurrency,
      paymentMethod: input.paymentMethod,
    })
  })

  app.post('/v1/generators/onrampurl', { bodyLimit: 16 * 1024 }, async (request) => {
    const input = parseParameters(onrampUrlRequest, queryAndBody(request))
    const [wallet] = input.destinationWallets
    if (!wallet) throw new InvalidParameterError('destinationWallets', 'expected one destination wallet')
    const symbol = wallet.assets?.[0]
    if (!symbol) throw new InvalidParameterError('destinationWallets.0.assets', 'expected the asset to buy')
    const asset = onramp.resolveAsset(symbol, input.defaultNetwork ?? wallet.blockchains?.[0])
    // Neither preset (Web3Modal's Buy view before the visitor typed an amount): the hosted service still
    // answers with the provider's page; ours opens on the smallest purchase the payment method allows.
    const amount =
      input.presetFiatAmount ??
      (input.presetCryptoAmount === undefined
        ? PAYMENT_METHOD_LIMITS[input.paymentMethod].min
        : await onramp.fiatFor(asset, input.presetCryptoAmount, input.paymentCurrency, input.paymentMethod))
    return onramp.createOrder(
      {
        asset,
        amount,
        paymentCurrency: input.paymentCurrency,
        paymentMethod: input.paymentMethod,
        address: wallet.address,
        quotedPurchaseAmount: input.presetCryptoAmount,
        partnerUserId: input.partnerUserId,
        provider: input.provider,
      },
      originOf(request),
    )
  })
}
