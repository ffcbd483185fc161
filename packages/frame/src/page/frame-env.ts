import type { FrameEnv } from '@portico/wire'

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
