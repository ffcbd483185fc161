import { createRequestLimits, type RateLimitSettings, rateLimitStore, serviceCors } from '@portico/http-kit'
import Fastify, { type FastifyInstance } from 'fastify'
import {
  type Address,
  createPublicClient,
  type Hex,
  http,
  isAddressEqual,
  numberToHex,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { openPaymasterDatabase } from './paymaster-database.js'
import {
  PAYMASTER_ERRORS,
  paymasterError,
  paymasterParamsSchema,
  paymasterRequestSchema,
} from './paymaster-rpc.js'
import { maxCostWei, type Sponsorship, signSponsorship, stubSponsorship } from './sign-sponsorship.js'
import { SponsorshipBudget } from './sponsorship-budget.js'
import { sponsorshipDecision } from './sponsorship-decision.js'
import type { SponsorshipPolicy } from './sponsorship-policy.js'

export type PaymasterChain = { chainId: number; rpcUrl: string }

export type PaymasterServerOptions = {
  chains: readonly PaymasterChain[]
  /** The PorticoVerifyingPaymaster contract (the same address on every chain). */
  paymasterAddress: Address
  /** EntryPoint v0.8, the one the contract is bound to. */
  entryPoint: Address
  /** The key the contract trusts (its verifyingSigner). */
  signerPrivateKey: Hex
  policy: SponsorshipPolicy
  /** How long a signed sponsorship stays usable (default 10 minutes). */
  validForSeconds?: number
  corsOrigins?: readonly string[] | undefined
  rateLimit?: RateLimitSettings | false
  redisUrl?: string | undefined
  /** postgres:// URL: the daily counts shared by every replica (else PGlite under dataDir, or in memory). */
  databaseUrl?: string | undefined
  dataDir?: string | undefined
  logLevel?: string
  now?: () => Date
}

export type PaymasterServer = { app: FastifyInstance; budget: SponsorshipBudget; close(): Promise<void> }

const DEFAULT_RATE_LIMIT: RateLimitSettings = { perIp: 120, perProject: 600, timeWindowMs: 60_000 }

class RateLimited extends Error {
  readonly statusCode = 429
}

const rpcSponsorship = (sponsorship: Sponsorship) => ({
  paymaster: sponsorship.paymaster,
  paymasterData: sponsorship.paymasterData,
  paymasterVerificationGasLimit: numberToHex(sponsorship.paymasterVerificationGasLimit),
  paymasterPostOpGasLimit: numberToHex(sponsorship.paymasterPostOpGasLimit),
})

/**
 * Portico's ERC-7677 paymaster service: `POST /<projectId>` answers `pm_getPaymasterStubData` and
 * `pm_getPaymasterData` for the operations the operator's policy sponsors, and refuses the others with a
 * JSON-RPC error whose `data.reason` names the rule.
 */
export async function createPaymasterServer(options: PaymasterServerOptions): Promise<PaymasterServer> {
  const now = options.now ?? (() => new Date())
  const db = await openPaymasterDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir })
  const budget = new SponsorshipBudget(db, now)
  const signer = privateKeyToAccount(options.signerPrivateKey)
  const clients = new Map<number, PublicClient>(
    options.chains.map((chain) => [
      chain.chainId,
      createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 1 }) }) as PublicClient,
    ]),
  )

  const app = Fastify({ logger: { level: options.logLevel ?? 'warn' }, bodyLimit: 256 * 1024 })
  app.addHook('onClose', () => db.destroy())
  await app.register(serviceCors, { origins: options.corsOrigins, allowedHeaders: ['content-type'] })
  await app.register(rateLimitStore, { redis: options.redisUrl, keyPrefix: 'portico:paymaster:' })
  const limits = createRequestLimits(app, options.rateLimit ?? DEFAULT_RATE_LIMIT, {
    projectId: (request) => (request.params as { projectId?: string } | undefined)?.projectId,
    rateLimited: (scope, seconds) => new RateLimited(`too many requests (${scope}); retry in ${seconds} s`),
  })
  app.addHook('onRequest', limits.perIp)
  app.addHook('preValidation', limits.perProject)
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof RateLimited)
      return reply.code(429).send(paymasterError(null, PAYMASTER_ERRORS.rateLimited, error.message))
    const status = (error as { statusCode?: number }).statusCode ?? 500
    if (status >= 500) app.log.error(error)
    return reply
      .code(status)
      .send(
        paymasterError(
          null,
          status < 500 ? PAYMASTER_ERRORS.invalidRequest : PAYMASTER_ERRORS.internal,
          status < 500 ? (error as Error).message : 'internal error',
        ),
      )
  })

  app.post<{ Params: { projectId: string } }>('/:projectId', async (request, reply) => {
    const parsedRequest = paymasterRequestSchema.safeParse(request.body)
    if (!parsedRequest.success) {
      const method = (request.body as { method?: unknown } | null)?.method
      return typeof method === 'string' && !method.startsWith('pm_getPaymaster')
        ? reply.send(
            paymasterError(null, PAYMASTER_ERRORS.methodNotFound, `the paymaster does not offer ${method}`),
          )
        : reply
            .code(400)
            .send(paymasterError(null, PAYMASTER_ERRORS.invalidRequest, 'expected one JSON-RPC 2.0 request'))
    }
    const { id, method } = parsedRequest.data
    const params = paymasterParamsSchema.safeParse(parsedRequest.data.params)
    if (!params.success)
      return reply.send(
        paymasterError(
          id,
          PAYMASTER_ERRORS.invalidParams,
          `invalid parameters: ${params.error.issues[0]?.path.join('.')} ${params.error.issues[0]?.message}`,
        ),
      )
    const [operation, entryPoint, chainId] = params.data
    const decision = sponsorshipDecision({
      policy: options.policy,
      projectId: request.params.projectId,
      origin: request.headers.origin,
      chainId,
      servedChain: clients.has(chainId),
      entryPointSupported: isAddressEqual(entryPoint, options.entryPoint),
    })
    if ('refused' in decision)
      return reply.send(
        paymasterError(id, PAYMASTER_ERRORS.refused, decision.message, { reason: decision.refused }),
      )
    const validUntil = Math.floor(now().getTime() / 1000) + (options.validForSeconds ?? 600)
    const sponsor = { name: decision.project.name }
    if (method === 'pm_getPaymasterStubData')
      return reply.send({
        jsonrpc: '2.0',
        id: id ?? null,
        result: {
          ...rpcSponsorship(stubSponsorship(options.paymasterAddress, validUntil)),
          sponsor,
          isFinal: false,
        },
      })
    const refusal = await budget.reserve(
      request.params.projectId,
      chainId,
      decision.budget,
      maxCostWei(operation),
    )
    if (refusal)
      return reply.send(
        paymasterError(
          id,
          PAYMASTER_ERRORS.refused,
          `the project's daily sponsorship on chain ${chainId} is spent`,
          { reason: refusal },
        ),
      )
    const client = clients.get(chainId) as PublicClient
    const sponsorship = await signSponsorship({
      client,
      paymaster: options.paymasterAddress,
      signer,
      operation,
      validUntil,
    })
    return reply.send({ jsonrpc: '2.0', id: id ?? null, result: { ...rpcSponsorship(sponsorship), sponsor } })
  })

  return { app, budget, close: () => app.close() }
}
