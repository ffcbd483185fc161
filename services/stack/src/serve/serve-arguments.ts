import { readFileSync } from 'node:fs'
import { parseEnv } from 'node:util'

/** The services `portico serve` can start, in start order. */
export const SERVICE_NAMES = ['explorer', 'chain-api', 'relay', 'auth', 'bundler', 'paymaster'] as const
export type ServiceName = (typeof SERVICE_NAMES)[number]

/**
 * What starts when no service is named. The ERC-4337 bundler and paymaster hold keys that spend the
 * operator's ETH: they start only when named, with their keys set.
 */
export const DEFAULT_SERVICES: readonly ServiceName[] = ['explorer', 'chain-api', 'relay', 'auth']

export interface ServeArguments {
  services: ServiceName[]
  /** The environment the services read: the config file's settings under the process's own. */
  env: Record<string, string | undefined>
}

export class ServeUsageError extends Error {
  readonly code = 'PORTICO_SERVE_USAGE'
}

export const SERVE_USAGE = `Usage: portico serve [${SERVICE_NAMES.join('|')} ...] [--config <file>]

Starts the named services in production mode, in this process: explorer, chain-api, relay and auth
when none is named; the ERC-4337 bundler and paymaster only when named.
Settings come from the environment and from --config, a file of NAME=value lines (the environment
wins). Every setting is described in docs/configuration.md.`

/** Reads `serve`'s arguments; a config file's values fill what the environment leaves unset. */
export function readServeArguments(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): ServeArguments {
  const services: ServiceName[] = []
  let configFile: string | undefined
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] as string
    if (argument === '--config' || argument.startsWith('--config=')) {
      configFile = argument.includes('=') ? argument.slice('--config='.length) : argv[++index]
      if (!configFile) throw new ServeUsageError('--config needs a file')
    } else if ((SERVICE_NAMES as readonly string[]).includes(argument)) {
      if (!services.includes(argument as ServiceName)) services.push(argument as ServiceName)
    } else {
      throw new ServeUsageError(`Unknown service or option "${argument}"`)
    }
  }
  let fromFile: Record<string, string | undefined> = {}
  if (configFile) {
    try {
      fromFile = parseEnv(readFileSync(configFile, 'utf8'))
    } catch (error) {
      throw new ServeUsageError(`Cannot read the config file ${configFile}: ${(error as Error).message}`)
    }
  }
  const order = (name: ServiceName) => SERVICE_NAMES.indexOf(name)
  return {
    services: services.length > 0 ? services.sort((a, b) => order(a) - order(b)) : [...DEFAULT_SERVICES],
    env: { ...fromFile, ...env },
  }
}
