import { AuthError } from './auth-errors.js'

interface SafeParser<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }
}

/** Parses a body or query with a contract schema; a failure is a 400 that names the field. */
export function parseRequest<T>(schema: SafeParser<T>, value: unknown): T {
  const parsed = schema.safeParse(value ?? {})
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const field = issue?.path.length ? issue.path.map(String).join('.') : 'body'
  throw new AuthError('BAD_REQUEST', `Invalid ${field}: ${issue?.message ?? 'invalid value'}`)
}
