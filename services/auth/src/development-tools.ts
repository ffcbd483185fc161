import { InvalidPorticoModeError, type PorticoMode, porticoMode } from '@portico/http-kit'
import { InvalidAuthConfigError } from './invalid-auth-config-error.js'

export type { PorticoMode } from '@portico/http-kit'

/** `PORTICO_MODE` when set, else production under NODE_ENV=production, else development (http-kit's rule). */
export function porticoModeOf(env: Record<string, string | undefined>): PorticoMode {
  try {
    return porticoMode(env)
  } catch (error) {
    if (error instanceof InvalidPorticoModeError) throw new InvalidAuthConfigError(error.message)
    throw error
  }
}

/** The auth service's development tools; each signs in or reads mail for anyone who asks. */
export interface DevelopmentTools {
  /** Social providers without credentials sign in through an embedded stand-in: any username. */
  standInProviders: boolean
  /** The local Farcaster client page, relay and registry: any username, custody keys from the master key. */
  localFarcaster: boolean
  /** The embedded SMTP capture server: its /inbox shows every mail (and so every code) to anyone. */
  mailCapture: boolean
  /** No allowed origins given: only the demo's development default may embed the frame. */
  defaultAllowedOrigins: boolean
}

const REFUSALS: Record<keyof DevelopmentTools, string> = {
  standInProviders:
    'AUTH_STAND_IN_PROVIDERS is on: the embedded stand-in social providers sign anyone in under any username. Set AUTH_STAND_IN_PROVIDERS=off, and AUTH_<PROVIDER>_CLIENT_ID / AUTH_<PROVIDER>_CLIENT_SECRET for each provider you offer.',
  localFarcaster:
    'AUTH_LOCAL_FARCASTER is on: the local Farcaster approval page signs anyone in under any username. Set AUTH_LOCAL_FARCASTER=off.',
  mailCapture:
    'SMTP_URL is not set: the embedded mail capture shows every sign-in code at /inbox to anyone. Set SMTP_URL=smtp://user:pass@host:587 (and MAIL_FROM).',
  defaultAllowedOrigins:
    'AUTH_ALLOWED_ORIGINS is not set: list the exact origins of each project, e.g. AUTH_ALLOWED_ORIGINS="my-project=https://app.example".',
}

/** Throws, naming each setting to change, when production would start with a development tool. */
export function assertProductionSafe(mode: PorticoMode, tools: DevelopmentTools): void {
  if (mode !== 'production') return
  const refused = (Object.keys(REFUSALS) as (keyof DevelopmentTools)[]).filter((tool) => tools[tool])
  if (refused.length === 0) return
  throw new InvalidAuthConfigError(
    `The auth service does not start in production (PORTICO_MODE=production or NODE_ENV=production) with development tools on:\n${refused.map((tool) => `  - ${REFUSALS[tool]}`).join('\n')}`,
  )
}
