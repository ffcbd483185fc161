import { z } from 'zod'

/** Which exact dApp origins (scheme, host and port) may embed the frame, per project id. */
export type AllowedOrigins = Readonly<Record<string, readonly string[]>>

/** The demo's project id (apps/demo) and its origin under `npm start`: the development default. */
export const DEMO_PROJECT_ID = 'portico-demo'
export const DEMO_ORIGIN = 'http://127.0.0.1:3000'
export const DEVELOPMENT_ALLOWED_ORIGINS: AllowedOrigins = { [DEMO_PROJECT_ID]: [DEMO_ORIGIN] }

export const projectIdSchema = z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, 'letters, digits, ".", "_" or "-"')

/** An exact http(s) origin: no path, query, wildcard or trailing slash. */
export const exactOriginSchema = z.url({ protocol: /^https?$/ }).refine((value) => {
  try {
    return new URL(value).origin === value
  } catch {
    return false
  }
}, 'an exact origin like https://app.example or http://127.0.0.1:3000 (scheme, host and port, no path)')

const allowedOriginsSchema = z.record(projectIdSchema, z.array(exactOriginSchema).min(1))

/**
 * Reads `AUTH_ALLOWED_ORIGINS`: `projectA=https://a.example https://b.example; projectB=https://c.example`.
 * Entries are separated by `;`, a project's origins by spaces. Throws a readable message on a bad entry.
 */
export function parseAllowedOrigins(text: string): AllowedOrigins {
  const entries: Record<string, string[]> = {}
  for (const entry of text.split(';').map((part) => part.trim())) {
    if (!entry) continue
    const at = entry.indexOf('=')
    if (at < 0) throw new Error(`"${entry}" is not projectId=origin [origin ...]`)
    const projectId = entry.slice(0, at).trim()
    if (projectId in entries) throw new Error(`project "${projectId}" is listed twice`)
    entries[projectId] = entry
      .slice(at + 1)
      .split(/[\s,]+/)
      .filter(Boolean)
  }
  const parsed = allowedOriginsSchema.safeParse(entries)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`${issue?.path.map(String).join(' ') || 'value'}: ${issue?.message ?? 'invalid'}`)
  }
  if (Object.keys(parsed.data).length === 0) throw new Error('no project is listed')
  return parsed.data
}

/** Checks origins handed to createAuthServer in code (the same rules as the variable). */
export function validateAllowedOrigins(value: AllowedOrigins): AllowedOrigins {
  const parsed = allowedOriginsSchema.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`allowedOrigins ${issue?.path.map(String).join(' ')}: ${issue?.message ?? 'invalid'}`)
  }
  return parsed.data
}
