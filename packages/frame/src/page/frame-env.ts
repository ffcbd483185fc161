import * as z from 'zod/mini'

/** What the auth service injects as `window.__PORTICO_FRAME_ENV__` (an inline script before the page's own). */
export const frameEnvSchema = z.object({
  /** Origin (and optional path prefix) of the auth service, e.g. `http://localhost:5174`. */
  authUrl: z.url(),
  /** JSON-RPC endpoint per chain; `{chainId}` and `{projectId}` are replaced. */
  rpcUrlTemplate: z.string().check(z.minLength(1)),
  /** Chains the frame may use (its RPC serves them); absent: any chain. */
  chainIds: z.optional(z.array(z.number().check(z.int(), z.positive()))),
  /** Exact dApp origins allowed to embed the frame; `null` allows none. */
  allowedOrigins: z.nullable(z.array(z.string())),
})
export type FrameEnv = z.infer<typeof frameEnvSchema>

/** Only an exact origin the service listed for this project may embed the frame; no list, no parent. */
export function isOriginAllowed(env: Pick<FrameEnv, 'allowedOrigins'>, origin: string | undefined): boolean {
  if (!origin || origin === 'null') return false
  return env.allowedOrigins?.includes(origin) ?? false
}

/** The embedding page's origin: `location.ancestorOrigins[0]` (Chromium, WebKit), else the referrer's origin. */
export function resolveParentOrigin(location: { ancestorOrigins?: ArrayLike<string> }, referrer: string) {
  const ancestor = location.ancestorOrigins?.[0]
  if (ancestor) return ancestor
  try {
    return referrer ? new URL(referrer).origin : undefined
  } catch {
    return undefined
  }
}

export function rpcUrlFor(env: FrameEnv, chainId: number, projectId: string): string {
  return env.rpcUrlTemplate
    .replaceAll('{chainId}', String(chainId))
    .replaceAll('{projectId}', encodeURIComponent(projectId))
}
