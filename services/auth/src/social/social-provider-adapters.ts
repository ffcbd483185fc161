import type { SocialProvider } from '@portico/wire'
import * as oidc from 'openid-client'
import { EMBEDDED_CLIENT_ID, embeddedIssuer } from './embedded-identity-providers.js'

export interface SocialIdentity {
  subject: string
  email: string | null
  userName: string | null
}

export interface SocialAdapter {
  authorizationUrl(input: {
    redirectUri: string
    state: string
    nonce: string
    codeChallenge: string
  }): Promise<URL>
  /** Exchanges the code at `callbackUrl` (PKCE, state and nonce checked) and reads the profile. */
  exchange(input: {
    callbackUrl: URL
    codeVerifier: string
    state: string
    nonce: string
  }): Promise<SocialIdentity>
}

export interface ProviderCredentials {
  clientId: string
  clientSecret?: string | undefined
}

interface RealProviderEntry {
  kind: 'oidc' | 'oauth2'
  issuer: string
  authorizationEndpoint: string
  tokenEndpoint: string
  /** OAuth 2 only: where the profile is read with the access token. */
  profileEndpoint?: string
  scope: string
  /** Extra authorization parameters the provider needs. */
  extraParams?: Record<string, string>
  profile?: (body: Record<string, unknown>) => SocialIdentity
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null)

/** The real providers. OIDC ones are discovered for the exchange; OAuth 2 ones read a profile endpoint. */
export const REAL_PROVIDERS: Record<SocialProvider, RealProviderEntry> = {
  google: {
    kind: 'oidc',
    issuer: 'https://accounts.google.com',
    authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenEndpoint: 'https://oauth2.googleapis.com/token',
    scope: 'openid email profile',
  },
  apple: {
    kind: 'oidc',
    issuer: 'https://appleid.apple.com',
    authorizationEndpoint: 'https://appleid.apple.com/auth/authorize',
    tokenEndpoint: 'https://appleid.apple.com/auth/token',
    scope: 'openid email name',
    // Apple posts the callback when scopes are asked for.
    extraParams: { response_mode: 'form_post' },
  },
  github: {
    kind: 'oauth2',
    issuer: 'https://github.com',
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    profileEndpoint: 'https://api.github.com/user',
    scope: 'read:user user:email',
    profile: (body) => ({ subject: String(body.id), email: text(body.email), userName: text(body.login) }),
  },
  discord: {
    kind: 'oauth2',
    issuer: 'https://discord.com',
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    profileEndpoint: 'https://discord.com/api/users/@me',
    scope: 'identify email',
    profile: (body) => ({ subject: String(body.id), email: text(body.email), userName: text(body.username) }),
  },
  x: {
    kind: 'oauth2',
    issuer: 'https://x.com',
    authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.x.com/2/oauth2/token',
    profileEndpoint: 'https://api.x.com/2/users/me',
    scope: 'users.read tweet.read',
    profile: (body) => {
      const data = (body.data ?? {}) as Record<string, unknown>
      return { subject: String(data.id), email: null, userName: text(data.username) }
    },
  },
  facebook: {
    kind: 'oauth2',
    issuer: 'https://www.facebook.com',
    authorizationEndpoint: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenEndpoint: 'https://graph.facebook.com/v19.0/oauth/access_token',
    profileEndpoint: 'https://graph.facebook.com/me?fields=id,name,email',
    scope: 'email public_profile',
    profile: (body) => ({ subject: String(body.id), email: text(body.email), userName: text(body.name) }),
  },
}

function buildUrl(
  config: oidc.Configuration,
  scope: string,
  input: Parameters<SocialAdapter['authorizationUrl']>[0],
  extra: Record<string, string> = {},
) {
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: input.redirectUri,
    scope,
    state: input.state,
    nonce: input.nonce,
    code_challenge: input.codeChallenge,
    code_challenge_method: 'S256',
    ...extra,
  })
}

function clientAuth(credentials: ProviderCredentials) {
  return credentials.clientSecret ? oidc.ClientSecretPost(credentials.clientSecret) : oidc.None()
}

/** The OpenID Connect code exchange: PKCE, state and nonce checked, and an ID token required. */
async function oidcCodeGrant(config: oidc.Configuration, input: Parameters<SocialAdapter['exchange']>[0]) {
  const tokens = await oidc.authorizationCodeGrant(config, input.callbackUrl, {
    pkceCodeVerifier: input.codeVerifier,
    expectedState: input.state,
    expectedNonce: input.nonce,
    idTokenExpected: true,
  })
  const claims = tokens.claims()
  if (!claims) throw new Error('The provider returned no ID token')
  return { tokens, claims }
}

/** The identity from OIDC claims or userinfo: the standard names, the username before the full name. */
const oidcIdentity = (subject: string, profile: Record<string, unknown>): SocialIdentity => ({
  subject,
  email: text(profile.email),
  userName: text(profile.preferred_username) ?? text(profile.name),
})

/** A real provider's adapter; endpoints are static so the authorize URL needs no network. */
export function createRealAdapter(name: SocialProvider, credentials: ProviderCredentials): SocialAdapter {
  const entry = REAL_PROVIDERS[name]
  const staticConfig = new oidc.Configuration(
    {
      issuer: entry.issuer,
      authorization_endpoint: entry.authorizationEndpoint,
      token_endpoint: entry.tokenEndpoint,
    },
    credentials.clientId,
    credentials.clientSecret,
    clientAuth(credentials),
  )
  let discovered: Promise<oidc.Configuration> | undefined
  return {
    authorizationUrl: async (input) => buildUrl(staticConfig, entry.scope, input, entry.extraParams),
    async exchange(input) {
      if (entry.kind === 'oidc') {
        discovered ??= oidc.discovery(
          new URL(entry.issuer),
          credentials.clientId,
          credentials.clientSecret,
          clientAuth(credentials),
        )
        const { claims } = await oidcCodeGrant(await discovered, input)
        return oidcIdentity(claims.sub, claims)
      }
      const tokens = await oidc.authorizationCodeGrant(staticConfig, input.callbackUrl, {
        pkceCodeVerifier: input.codeVerifier,
        expectedState: input.state,
      })
      const response = await oidc.fetchProtectedResource(
        staticConfig,
        tokens.access_token,
        new URL(entry.profileEndpoint ?? ''),
        'GET',
      )
      if (!response.ok) throw new Error(`The provider's profile answered HTTP ${response.status}`)
      return (entry.profile as NonNullable<RealProviderEntry['profile']>)(
        (await response.json()) as Record<string, unknown>,
      )
    },
  }
}

/**
 * An embedded stand-in's adapter. The server talks to its own issuer in process (`fetchLocal`), so it
 * needs no route to its public address (which may be a name only browsers resolve).
 */
export function createEmbeddedAdapter(
  name: SocialProvider,
  publicUrl: string,
  fetchLocal: oidc.CustomFetch,
): SocialAdapter {
  let config: Promise<oidc.Configuration> | undefined
  const load = () => {
    config ??= oidc
      .discovery(new URL(embeddedIssuer(publicUrl, name)), EMBEDDED_CLIENT_ID, undefined, oidc.None(), {
        execute: [oidc.allowInsecureRequests],
        [oidc.customFetch]: fetchLocal,
      })
      .catch((error: unknown) => {
        config = undefined
        throw error
      })
    return config
  }
  return {
    authorizationUrl: async (input) => buildUrl(await load(), 'openid email profile', input),
    async exchange(input) {
      const cfg = await load()
      const { tokens, claims } = await oidcCodeGrant(cfg, input)
      // email is only in userinfo (gotcha 12).
      return oidcIdentity(claims.sub, await oidc.fetchUserInfo(cfg, tokens.access_token, claims.sub))
    },
  }
}
