import { isPublicDevelopmentKey } from './public-development-key.js'
import type { ServiceName } from './serve-arguments.js'

/** One setting that would make a production start unsafe, and what to do about it. */
export interface UnsafeSetting {
  variable: string
  problem: string
}

const set = (env: Record<string, string | undefined>, name: string) => Boolean(env[name]?.trim())
const on = (env: Record<string, string | undefined>, name: string) =>
  ['on', 'true', '1', 'yes'].includes(env[name]?.trim() ?? '')
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/

const TRUST_PROXY: Partial<Record<ServiceName, string>> = {
  explorer: 'EXPLORER_TRUST_PROXY',
  'chain-api': 'CHAIN_API_TRUST_PROXY',
  relay: 'RELAY_TRUST_PROXY',
  auth: 'AUTH_TRUST_PROXY',
}
const HOSTS: Partial<Record<ServiceName, string>> = {
  explorer: 'EXPLORER_HOST',
  'chain-api': 'CHAIN_API_HOST',
}

/**
 * The settings that are fine on a laptop and wrong in front of visitors, for the services about to
 * start. Each service checks its own values too (auth refuses its development tools); these are the
 * ones only a production start can judge.
 */
export function unsafeProductionSettings(
  env: Record<string, string | undefined>,
  services: readonly ServiceName[],
): UnsafeSetting[] {
  const unsafe: UnsafeSetting[] = []
  const add = (variable: string, problem: string) => unsafe.push({ variable, problem })
  const has = (service: ServiceName) => services.includes(service)

  if (env.PORTICO_MODE?.trim() === 'development')
    add('PORTICO_MODE', 'is development; `portico serve` runs production only (use `npm start` to develop)')
  if (!set(env, 'DATABASE_URL') && !set(env, 'PORTICO_DATA_DIR'))
    add(
      'DATABASE_URL',
      'and PORTICO_DATA_DIR are both unset: every service would keep its data in memory and lose it on restart',
    )
  if (set(env, 'REDIS_URL') && !set(env, 'DATABASE_URL'))
    add(
      'DATABASE_URL',
      'is unset while REDIS_URL is set for replicas: each replica would keep a database of its own',
    )

  for (const service of services) {
    const variable = TRUST_PROXY[service]
    if (!variable) continue
    const host = env[HOSTS[service] ?? '']?.trim() || env.HOST?.trim() || '127.0.0.1'
    if (LOOPBACK.test(host) && !on(env, variable))
      add(
        variable,
        `is off while ${service} listens on ${host} only, so visitors reach it through a local proxy: every visitor would share the proxy's address and its rate limits. Set ${variable}=on`,
      )
  }
  if (has('explorer') && !set(env, 'EXPLORER_CORS_ORIGINS'))
    add(
      'EXPLORER_CORS_ORIGINS',
      "is unset: browsers would be accepted from loopback origins only. List your dApps' origins (or *)",
    )
  if (has('chain-api')) {
    if (!set(env, 'CHAIN_API_CORS_ORIGINS'))
      add(
        'CHAIN_API_CORS_ORIGINS',
        "is unset: browsers would be accepted from loopback origins only. List your dApps' origins (or *)",
      )
    if (set(env, 'ONRAMP_SANDBOX_PRIVATE_KEY'))
      add(
        'ONRAMP_SANDBOX_PRIVATE_KEY',
        'is set: the sandbox on-ramp pays anyone who types the test card. Remove it',
      )
  }
  if (has('relay') && !set(env, 'RELAY_AUDIENCES'))
    add(
      'RELAY_AUDIENCES',
      'is unset: clients sign their JWT for the public wss:// URL, which the relay would refuse. Set it to that URL',
    )
  if (has('auth')) {
    const publicUrl = env.AUTH_PUBLIC_URL?.trim()
    if (!publicUrl?.startsWith('https://'))
      add(
        'AUTH_PUBLIC_URL',
        `is ${publicUrl ? publicUrl : 'unset'}: set the https:// address visitors reach the auth service at`,
      )
    if (!set(env, 'AUTH_MASTER_KEY'))
      add(
        'AUTH_MASTER_KEY',
        'is unset: a key would be made beside the data (in its backups, and one per replica). Set 64 hex digits from your secret store',
      )
  }
  unsafe.push(...unsafeAccountAbstractionSettings(env, services))
  return unsafe
}

/** The bundler's and paymaster's: keys anyone knows, and browsers (the wallet frame) refused. */
function unsafeAccountAbstractionSettings(
  env: Record<string, string | undefined>,
  services: readonly ServiceName[],
): UnsafeSetting[] {
  const unsafe: UnsafeSetting[] = []
  const add = (variable: string, problem: string) => unsafe.push({ variable, problem })
  const publicKey = (variable: string, role: string) => {
    if (isPublicDevelopmentKey(env[variable]))
      add(
        variable,
        `is a key of the public development mnemonic: anyone could ${role}. Set a key of your own`,
      )
  }
  const frameOrigins = (variable: string) => {
    if (!set(env, variable))
      add(
        variable,
        "is unset: the wallet frame's browsers would be accepted from loopback origins only. List the auth service's public origin",
      )
  }
  if (services.includes('bundler')) {
    publicKey('BUNDLER_EXECUTOR_PRIVATE_KEY', "spend the executor's ETH")
    frameOrigins('BUNDLER_CORS_ORIGINS')
  }
  if (services.includes('paymaster')) {
    publicKey('PAYMASTER_SIGNER_PRIVATE_KEY', "sign sponsorships and spend the paymaster's deposit")
    frameOrigins('PAYMASTER_CORS_ORIGINS')
  }
  return unsafe
}
