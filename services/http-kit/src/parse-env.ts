import { z } from 'zod'

/**
 * Reads a service's settings with its schema. A failure throws the service's own error, built from
 * every bad variable by name, so start-up stops with a message that says what to fix.
 */
export function parseEnv<Schema extends z.ZodType>(
  schema: Schema,
  env: Record<string, string | undefined>,
  invalid: (details: string) => Error,
): z.output<Schema> {
  const parsed = schema.safeParse(env)
  if (!parsed.success) throw invalid(z.prettifyError(parsed.error))
  return parsed.data
}
