/** What the relay logs through. It never passes message bodies or the SDK's analytics (TVF) fields. */
export interface RelayLogger {
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
}

export const silentLogger: RelayLogger = {
  info: () => {},
  warn: () => {},
  error: () => {},
}

const LEVELS = ['error', 'warn', 'info'] as const
export type RelayLogLevel = (typeof LEVELS)[number] | 'silent'

/** One JSON object per line on stdout/stderr, for `main.ts`. */
export function jsonLineLogger(level: RelayLogLevel): RelayLogger {
  const enabled = level === 'silent' ? -1 : LEVELS.indexOf(level)
  const write = (at: (typeof LEVELS)[number]) => (message: string, fields?: Record<string, unknown>) => {
    if (LEVELS.indexOf(at) > enabled) return
    const line = JSON.stringify({ time: new Date().toISOString(), level: at, msg: message, ...fields })
    if (at === 'info') process.stdout.write(`${line}\n`)
    else process.stderr.write(`${line}\n`)
  }
  return { info: write('info'), warn: write('warn'), error: write('error') }
}
