/**
 * development: `npm start`, the tests, a service on a laptop. production: a real deployment, where no
 * development convenience (stand-in sign-in, open faucets, mail capture) may run.
 */
export type PorticoMode = 'development' | 'production'

/** A mode setting that cannot be honoured: the message names the variables to change. */
export class InvalidPorticoModeError extends Error {
  readonly code = 'PORTICO_MODE_INVALID'
}

/**
 * `PORTICO_MODE` when set, else production under NODE_ENV=production, else development. NODE_ENV=production
 * with PORTICO_MODE=development is refused: a production build must never start development tools because
 * of one stray variable.
 */
export function porticoMode(env: Record<string, string | undefined>): PorticoMode {
  const mode = env.PORTICO_MODE?.trim()
  const nodeEnv = env.NODE_ENV?.trim()
  if (mode && mode !== 'development' && mode !== 'production')
    throw new InvalidPorticoModeError(`PORTICO_MODE must be development or production, not "${mode}"`)
  if (mode === 'development' && nodeEnv === 'production')
    throw new InvalidPorticoModeError(
      'PORTICO_MODE=development is refused with NODE_ENV=production: unset PORTICO_MODE (or set it to production), or unset NODE_ENV for a development start',
    )
  if (mode === 'development' || mode === 'production') return mode
  return nodeEnv === 'production' ? 'production' : 'development'
}
