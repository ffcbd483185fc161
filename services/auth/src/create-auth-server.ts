import formbody from '@fastify/formbody'
import {
  createRequestLimits,
  errorResponses,
  frameworkErrors,
  nulByteGuard,
  privateLogging,
  rateLimitStore,
} from '@portico/http-kit'
import {
  AUTH_API_PREFIX,
  authErrorCodeSchema,
  type Custody,
  type SocialProvider,
  socialProviderSchema,
} from '@portico/wire'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { Kysely } from 'kysely'
import {
  type AllowedOrigins,
  DEVELOPMENT_ALLOWED_ORIGINS,
  validateAllowedOrigins,
} from './allowed-origins.js'
import { apiRoutes, localFarcasterRoutes } from './api-routes.js'
import { approvalWindowRoutes } from './approval-window-routes.js'
import type { AuthContext } from './auth-context.js'
import type { AuthDatabase } from './auth-database.js'
import { AuthError } from './auth-errors.js'
import { type Clock, systemClock } from './clock.js'
import { assertProductionSafe, type PorticoMode } from './development-tools.js'
import { frameRoutes } from './frame-routes.js'
import { inboxRoutes } from './inbox-routes.js'
import { InvalidAuthConfigError } from './invalid-auth-config-error.js'
import { type MailCaptureServer, startMailCaptureServer } from './mail-capture-server.js'
import { createMailOutbox } from './mail-outbox.js'
import { createSmtpMailer, type Mailer } from './mailer.js'
import { loadMasterKey } from './master-key.js'
import { migrateAuthDatabase } from './migrate-auth-database.js'
import { openAuthDatabase } from './open-auth-database.js'
import { addRequestGuards } from './request-guards.js'
import { sha256Hex } from './secrets.js'
import {
  createEmbeddedIdentityProviders,
  embeddedIdentityProviderRoutes,
} from './social/embedded-identity-providers.js'
import { injectFetch } from './social/inject-fetch.js'
import {
  createEmbeddedAdapter,
  createRealAdapter,
  type ProviderCredentials,
  type SocialAdapter,
} from './social/social-provider-adapters.js'

export interface AuthRateLimit {
  /** Requests per client address per window on /auth/v1 and /farcaster. */
  max: number
  timeWindowMs: number
}

export interface CreateAuthServerOptions {
  /**
   * development (default): the stand-in providers, the local Farcaster client and the mail capture may
   * run. production: start-up throws if any of them would, naming the setting to change.
   */
  mode?: PorticoMode
  /** Where browsers reach this service, e.g. http://localhost:3004 (keep it cross-site from the dApp). */
  publicUrl: string
  /** PGlite files and master.key go to `<dataDir>/auth`; without it (and without databaseUrl) all is in memory. */
  dataDir?: string | undefined
  databaseUrl?: string | undefined
  /** Send mail through this SMTP server; unset: start the embedded capture server and its /inbox (development only). */
  smtpUrl?: string | undefined
  /** Capture server port (default 2525; 0 picks a free one). */
  smtpPort?: number
  mailFrom?: string
  /** A Mailer of your own (tests, other transports); wins over smtpUrl. */
  mailer?: Mailer
  /**
   * Exact dApp origins per project id that may embed the frame (`/frame?projectId=`). Development
   * default: the demo's, `{ 'portico-demo': ['http://127.0.0.1:3000'] }`; required in production.
   */
  allowedOrigins?: AllowedOrigins | undefined
  /**
   * user-held (default): the service keeps only the auth share of each key; recovery needs the user's
   * passkey or recovery code. custodial: it also keeps the recovery share sealed under the master key,
   * so the operator can rebuild every key (e-mail-only recovery). Logged at start-up.
   */
  custody?: Custody
  /** 64 hex digits; else generated once and kept in `<dataDir>/auth/master.key` (or in memory). */
  masterKey?: string | undefined
  /** Folder with the built frame page (index.html + assets/). */
  framePageDir: string
  /** e.g. http://127.0.0.1:8545/{chainId}; handed to the frame. */
  rpcUrlTemplate: string
  /** e.g. http://127.0.0.1:8899/{cluster}: the Solana clusters, for the embedded wallet's Solana account. */
  solanaRpcUrlTemplate?: string | undefined
  /** e.g. http://127.0.0.1:3006/{chainId} and …:3007/{projectId}: the frame's sponsored batches (both or none). */
  bundlerUrlTemplate?: string | undefined
  paymasterUrlTemplate?: string | undefined
  /** The embedded wallet's account type for a user who never chose (EOA unless set). */
  defaultAccountType?: 'eoa' | 'smartAccount' | undefined
  /** Where visitors may use a smart account; unset: every chain with the bundler and contracts. */
  smartAccountChainIds?: number[] | undefined
  /** The chains rpcUrlTemplate serves; the frame's wallet switches to no other. Unset: any chain. */
  chainIds?: number[] | undefined
  /** Real provider credentials. */
  providers?: Partial<Record<SocialProvider, ProviderCredentials>>
  /**
   * A provider without credentials signs in through an embedded stand-in (any username); off, it is not
   * offered. Default: on in development, off in production (where on refuses to start).
   */
  standInProviders?: boolean
  /**
   * The local Farcaster client (approval page, relay, registry with keys derived from the master key);
   * off, Farcaster sign-in is not offered. Default: on in development, off in production (where on refuses).
   */
  localFarcaster?: boolean
  /**
   * Passkey accounts: sign-in with a passkey alone, its ceremony on this service's host (default on).
   * Off, the modal's passkey option gets 404 NOT_FOUND; passkeys that seal a recovery share still work.
   */
  passkeySignIn?: boolean
  rateLimit?: AuthRateLimit | false
  /** Shares the rate-limit counters with other auth replicas through this Redis; in memory when unset. */
  redisUrl?: string | undefined
  logger?: FastifyServerOptions['logger']
  trustProxy?: boolean
  /** Clock for expiry and cooldowns (tests move it). */
  now?: Clock
  /** Upper bound of the long polls, 25 s by default. */
  longPollMs?: number
}

export interface AuthServer {
  app: FastifyInstance
  db: Kysely<AuthDatabase>
  /** smtpPort/inboxUrl are set when the embedded capture server runs. */
  mail: { smtpPort: number | undefined; inboxUrl: string | undefined }
  /** Every method and path this server answers (the custody tests try them all). */
  routes: readonly { method: string; url: string }[]
  close(): Promise<void>
}

/** The start-up line that says who can rebuild the embedded wallets' keys. */
export function custodyNotice(custody: Custody): string {
  return custody === 'custodial'
    ? 'key custody: CUSTODIAL (AUTH_CUSTODY=custodial): this service keeps two shares of every embedded wallet key, so its operator can rebuild any of them'
    : 'key custody: user-held: this service keeps one share of each embedded wallet key and cannot rebuild any of them'
}

export const DEFAULT_AUTH_RATE_LIMIT: AuthRateLimit = { max: 600, timeWindowMs: 60_000 }

/** Opens and migrates the database, starts mail, and returns a ready (not yet listening) server. */
export async function createAuthServer(options: CreateAuthServerOptions): Promise<AuthServer> {
  const mode = options.mode ?? 'development'
  const standInProviders = options.standInProviders ?? mode === 'development'
  const localFarcaster = options.localFarcaster ?? mode === 'development'
  assertProductionSafe(mode, {
    standInProviders,
    localFarcaster,
    mailCapture: !options.mailer && !options.smtpUrl,
    defaultAllowedOrigins: !options.allowedOrigins,
  })
  let allowedOrigins: AllowedOrigins
  try {
    allowedOrigins = validateAllowedOrigins(options.allowedOrigins ?? DEVELOPMENT_ALLOWED_ORIGINS)
  } catch (error) {
    throw new InvalidAuthConfigError((error as Error).message)
  }
  const publicUrl = options.publicUrl.replace(/\/+$/, '')
  const publicOrigin = new URL(publicUrl).origin
  const masterKey = loadMasterKey(options)
  const db = openAuthDatabase(options)
  let capture: MailCaptureServer | undefined
  let mailer: Mailer | undefined
  try {
    await migrateAuthDatabase(db)
    if (options.mailer) mailer = options.mailer
    else if (options.smtpUrl)
      mailer = createSmtpMailer(options.smtpUrl, options.mailFrom ?? 'Portico <no-reply@portico.test>')
    else {
      capture = await startMailCaptureServer(options.smtpPort ?? 2525)
      mailer = createSmtpMailer(
        `smtp://127.0.0.1:${capture.port}`,
        options.mailFrom ?? 'Portico <no-reply@portico.test>',
      )
    }
  } catch (error) {
    await capture?.close()
    await db.destroy()
    throw error
  }
  const activeMailer = mailer
  const app = Fastify({
    ...privateLogging(options.logger ?? false),
    // Malformed URLs and over-long ids get the same error body as every other answer.
    frameworkErrors: frameworkErrors(authErrorCodeSchema.options),
    trustProxy: options.trustProxy ?? false,
    // Keep-alive and long-poll sockets would hold close() open for up to 72 s (Fastify's keep-alive).
    forceCloseConnections: true,
  })
  const routes: { method: string; url: string }[] = []
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url })
  })
  const closing = new AbortController()
  app.addHook('preClose', async () => closing.abort())
  const outbox = createMailOutbox({
    db,
    mailer: activeMailer,
    masterKey,
    now: options.now ?? systemClock,
    log: app.log,
  })
  app.addHook('onClose', async () => {
    await outbox.close()
    await activeMailer.close()
    await capture?.close()
    await db.destroy()
  })
  const ctx: AuthContext = {
    db,
    mailer: activeMailer,
    outbox,
    masterKey,
    custody: options.custody ?? 'user-held',
    publicUrl,
    now: options.now ?? systemClock,
    longPollMs: options.longPollMs ?? 25_000,
    closing: closing.signal,
  }

  // Every error in the shape and with the codes the frame knows (wire's authErrorCodeSchema).
  await app.register(errorResponses, { service: 'auth', knownCodes: authErrorCodeSchema.options })
  // A NUL byte anywhere is a 400 before the database sees it; then the cross-site checks.
  await app.register(nulByteGuard)
  addRequestGuards(app, { publicOrigin })
  // Form bodies only for the routes a form posts to; request-guards answers 415 elsewhere.
  await app.register(formbody)

  // Real providers where credentials are given; the stand-ins (development) for the others, or nothing.
  const adapters = new Map<SocialProvider, SocialAdapter>()
  const standIns: SocialProvider[] = []
  for (const name of socialProviderSchema.options) {
    const credentials = options.providers?.[name]
    if (credentials) adapters.set(name, createRealAdapter(name, credentials))
    else if (standInProviders) standIns.push(name)
  }
  if (standIns.length > 0) {
    const cookieKey = sha256Hex(`oidc-cookies:${masterKey.toString('hex')}`)
    const embedded = createEmbeddedIdentityProviders({ publicUrl, cookieKey, names: standIns })
    const fetchLocal = injectFetch(() => app, publicOrigin)
    for (const name of standIns) adapters.set(name, createEmbeddedAdapter(name, publicUrl, fetchLocal))
    await app.register(embeddedIdentityProviderRoutes, { providers: embedded })
  }

  await app.register(rateLimitStore, { redis: options.redisUrl, keyPrefix: 'portico:auth:' })
  const limit = options.rateLimit ?? DEFAULT_AUTH_RATE_LIMIT
  // One budget per client address for the API and another for the Farcaster routes.
  const perIp = (name: string) =>
    createRequestLimits(
      app,
      limit && { perIp: limit.max, perProject: limit.max, timeWindowMs: limit.timeWindowMs },
      {
        name,
        projectId: () => undefined,
        rateLimited: (_scope, retryAfterSeconds) =>
          new AuthError('RATE_LIMITED', 'Too many requests, slow down', { retryAfterSeconds }),
      },
    ).perIp
  await app.register(apiRoutes, {
    ctx,
    adapters,
    localFarcaster,
    passkeySignIn: options.passkeySignIn ?? true,
    allowedOrigins,
    perIp: perIp('api'),
    prefix: AUTH_API_PREFIX,
  })
  if (localFarcaster)
    await app.register(localFarcasterRoutes, { ctx, perIp: perIp('farcaster'), prefix: '/farcaster' })
  if (capture) await app.register(inboxRoutes, { capture })
  await app.register(frameRoutes, {
    framePageDir: options.framePageDir,
    publicUrl,
    rpcUrlTemplate: options.rpcUrlTemplate,
    solanaRpcUrlTemplate: options.solanaRpcUrlTemplate,
    bundlerUrlTemplate: options.bundlerUrlTemplate,
    paymasterUrlTemplate: options.paymasterUrlTemplate,
    defaultAccountType: options.defaultAccountType,
    smartAccountChainIds: options.smartAccountChainIds,
    chainIds: options.chainIds,
    allowedOrigins,
  })
  await app.register(approvalWindowRoutes, { framePageDir: options.framePageDir })
  await app.ready()
  outbox.start()
  app.log[ctx.custody === 'custodial' ? 'warn' : 'info'](custodyNotice(ctx.custody))
  return {
    app,
    db,
    mail: { smtpPort: capture?.port, inboxUrl: capture ? `${publicUrl}/inbox` : undefined },
    routes,
    close: () => app.close(),
  }
}
