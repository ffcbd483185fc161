import type { PorticoConfigInput } from './config.js'
import { parseConfig } from './parse-config.js'

/**
 * The runtime's full check of the config, in a chunk of its own (with zod and the schema): it follows the
 * open instead of holding it. Throws the ConfigError of the first problem.
 */
export function validateConfig(input: PorticoConfigInput): void {
  parseConfig(input)
}
