import type { LimitHook } from '@portico/http-kit'
import type { SocialProvider } from '@portico/wire'
import type { FastifyPluginAsync } from 'fastify'
import type { AllowedOrigins } from './allowed-origins.js'
import type { AuthContext } from './auth-context.js'
import { emailLoginRoutes } from './email-login-routes.js'
import { emailUpdateRoutes } from './email-update-routes.js'
import { farcasterApproveRoutes } from './farcaster/farcaster-approve-routes.js'
import { farcasterLoginRoutes } from './farcaster/farcaster-login-routes.js'
import { farcasterRelayRoutes } from './farcaster/farcaster-relay-routes.js'
import { keysRoutes } from './keys-routes.js'
import { passkeyLoginRoutes } from './passkey-login-routes.js'
import { sessionRoutes } from './session-routes.js'
import { socialLoginRoutes } from './social/social-login-routes.js'
import type { SocialAdapter } from './social/social-provider-adapters.js'

export interface ApiRoutesOptions {
  ctx: AuthContext
  adapters: Map<SocialProvider, SocialAdapter>
  /** Farcaster sign-in through the local Farcaster client (development). */
  localFarcaster: boolean
  /** Passkey accounts (AUTH_PASSKEY_SIGN_IN): off, their routes answer 404. */
  passkeySignIn: boolean
  /** The dApps that may embed the frame (the passkey ceremonies' only top origins). */
  allowedOrigins: AllowedOrigins
  /** The budget per client address every API request counts against. */
  perIp: LimitHook
}

/** The frame's API, one module per resource; mounted at AUTH_API_PREFIX (/auth/v1). */
export const apiRoutes: FastifyPluginAsync<ApiRoutesOptions> = async (
  api,
  { ctx, adapters, localFarcaster, passkeySignIn, allowedOrigins, perIp },
) => {
  api.addHook('onRequest', perIp)
  await api.register(emailLoginRoutes, { ctx })
  await api.register(emailUpdateRoutes, { ctx })
  await api.register(sessionRoutes, { ctx })
  await api.register(keysRoutes, { ctx })
  await api.register(socialLoginRoutes, { ctx, adapters })
  await api.register(farcasterLoginRoutes, { ctx, enabled: localFarcaster })
  await api.register(passkeyLoginRoutes, { ctx, enabled: passkeySignIn, allowedOrigins })
}

/**
 * The local Sign In With Farcaster relay and the local Farcaster client's approval page (development),
 * mounted at /farcaster with a budget of their own.
 */
export const localFarcasterRoutes: FastifyPluginAsync<{ ctx: AuthContext; perIp: LimitHook }> = async (
  farcaster,
  { ctx, perIp },
) => {
  farcaster.addHook('onRequest', perIp)
  await farcaster.register(farcasterRelayRoutes, { ctx })
  await farcaster.register(farcasterApproveRoutes, { ctx })
}
