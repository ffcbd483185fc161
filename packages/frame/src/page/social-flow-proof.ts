import { SOCIAL_BIND_MESSAGE_TYPE, SOCIAL_PROOF_MESSAGE_TYPE } from '@portico/wire'
import type { SocialFlow } from './frame-vault.js'

interface BindRequest {
  data: unknown
  origin: string
  source: unknown
}

type Poster = { postMessage(message: unknown, targetOrigin: string): void }

/**
 * The social sign-in window's first page (on the auth origin, opened by the dApp page that embeds this
 * frame) asks for the secret of the flow it is about to start. Only a window of the auth origin gets an
 * answer, only for the flow this frame has in progress, and only that window: a sign-in link opened in
 * another browser, or from a page without this frame, never learns it. Returns whether it answered.
 */
export function answerSocialBind(
  request: BindRequest,
  flow: SocialFlow | undefined,
  authOrigin: string,
): boolean {
  if (request.origin !== authOrigin || !flow) return false
  const data = request.data as { type?: unknown; flowId?: unknown } | null
  if (typeof data !== 'object' || data === null || data.type !== SOCIAL_BIND_MESSAGE_TYPE) return false
  if (data.flowId !== flow.flowId || !isPoster(request.source)) return false
  request.source.postMessage(
    { type: SOCIAL_PROOF_MESSAGE_TYPE, flowId: flow.flowId, secret: flow.secret },
    authOrigin,
  )
  return true
}

function isPoster(source: unknown): source is Poster {
  return (
    typeof source === 'object' &&
    source !== null &&
    typeof (source as { postMessage?: unknown }).postMessage === 'function'
  )
}
