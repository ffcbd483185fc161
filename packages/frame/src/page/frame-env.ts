import type { FrameEnv } from '@portico/wire'
import type { Sponsorship } from './wallet-context.js'

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

const fill = (template: string, chainId: number, projectId: string) =>
  template.replaceAll('{chainId}', String(chainId)).replaceAll('{projectId}', encodeURIComponent(projectId))

export const rpcUrlFor = (env: FrameEnv, chainId: number, projectId: string): string =>
  fill(env.rpcUrlTemplate, chainId, projectId)

/** The operator's bundler and paymaster on a chain the frame may use; none when either is not set. */
export function sponsorshipFor(env: FrameEnv, chainId: number, projectId: string): Sponsorship | undefined {
  if (!env.bundlerUrlTemplate || !env.paymasterUrlTemplate) return undefined
  if (env.chainIds && !env.chainIds.includes(chainId)) return undefined
  return {
    bundlerUrl: fill(env.bundlerUrlTemplate, chainId, projectId),
    paymasterUrl: fill(env.paymasterUrlTemplate, chainId, projectId),
  }
}

/** How the wallet reaches a chain: its RPC, the other chains' RPC, and the operator's sponsorship. */
export function chainEndpoints(env: FrameEnv, chainId: number, projectId: string) {
  return {
    rpcUrl: rpcUrlFor(env, chainId, projectId),
    rpcUrlFor: (other: number) => rpcUrlFor(env, other, projectId),
    sponsorshipFor: (other: number) => sponsorshipFor(env, other, projectId),
  }
}
