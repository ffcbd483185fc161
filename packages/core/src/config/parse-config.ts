import { ConfigError } from '../errors/errors.js'
import { type PorticoConfig, type PorticoConfigInput, resolveConfig } from './config.js'
import { configSchema } from './config-schema.js'

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) =>
      typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key),
    '',
  )
}

/**
 * Validates a provider config in full (zod) and fills the defaults; the first problem throws a
 * ConfigError that names the field. `createPortico` runs it when its modal runtime loads, so the
 * schema library stays off the first paint.
 */
export function parseConfig(input: PorticoConfigInput): PorticoConfig {
  const result = configSchema.safeParse(input)
  if (!result.success) {
    const issue = result.error.issues[0]
    throw new ConfigError(formatPath(issue?.path ?? []) || 'config', issue?.message ?? 'invalid')
  }
  return resolveConfig({ ...result.data, adapters: input.adapters })
}
