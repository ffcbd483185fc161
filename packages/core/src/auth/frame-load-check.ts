import { FRAME_CHECK_PATH, frameCheckSchema } from '@portico/wire'
import { PorticoError } from '../errors/errors.js'
import type { FrameClient } from './frame-client.js'

/**
 * How long the wallet frame may take to say READY before the dApp asks the auth service why. A frame the
 * service refuses to a page never loads and tells the page nothing (the browser blocks it silently).
 * Short, so a set-up mistake is named within 3 s of the sign-in: a frame that is merely slower costs one
 * small request, and is then waited for as before.
 */
export const FRAME_READY_CHECK_MS = 500
/** How long a frame the service does allow may still take (a slow network) before the sign-in gives up. */
export const FRAME_READY_TIMEOUT_MS = 30_000

const sleep = (ms: number) => new Promise<'slow'>((resolve) => setTimeout(() => resolve('slow'), ms))

/**
 * Resolves once the frame is READY. If it is not within `checkAfterMs`, asks the auth service whether this
 * page may embed it and rejects at once with what to change: the origin, the project, or `authUrl`.
 */
export async function whenFrameReady(
  client: Pick<FrameClient, 'whenReady'>,
  options: {
    authUrl: string
    projectId: string
    pageOrigin: string | undefined
    fetch?: typeof fetch
    checkAfterMs?: number
    timeoutMs?: number
  },
): Promise<void> {
  const ready = client.whenReady().then(() => 'ready' as const)
  if ((await Promise.race([ready, sleep(options.checkAfterMs ?? FRAME_READY_CHECK_MS)])) === 'ready') return
  const problem = await frameLoadProblem(options)
  if (problem) throw problem
  if ((await Promise.race([ready, sleep(options.timeoutMs ?? FRAME_READY_TIMEOUT_MS)])) === 'ready') return
  throw new PorticoError('FRAME_TIMEOUT', `Portico: the wallet frame at ${options.authUrl} did not load`)
}

/** What keeps the frame from loading in this page, as the auth service sees it; undefined if nothing. */
export async function frameLoadProblem(options: {
  authUrl: string
  projectId: string
  pageOrigin: string | undefined
  fetch?: typeof fetch
}): Promise<PorticoError | undefined> {
  const { authUrl, projectId } = options
  const unreachable = (cause?: unknown) =>
    new PorticoError(
      'AUTH_SERVICE_UNREACHABLE',
      `Portico: no auth service answers at ${authUrl}: check authUrl in the config and that the service runs`,
      { cause, params: { url: authUrl }, hint: 'Set authUrl to the public URL of the auth service.' },
    )
  let answer: ReturnType<typeof frameCheckSchema.safeParse>
  try {
    const url = `${authUrl}${FRAME_CHECK_PATH}?projectId=${encodeURIComponent(projectId)}`
    const response = await (options.fetch ?? fetch)(url, { cache: 'no-store', credentials: 'omit' })
    answer = frameCheckSchema.safeParse(await response.json())
  } catch (error) {
    return unreachable(error)
  }
  if (!answer.success) return unreachable()
  if (answer.data.projectKnown && answer.data.originAllowed) return undefined
  const origin = answer.data.origin ?? options.pageOrigin ?? 'this page'
  return new PorticoError(
    'FRAME_ORIGIN_NOT_ALLOWED',
    answer.data.projectKnown
      ? `Portico: ${origin} may not embed the wallet of project "${projectId}": add it to AUTH_ALLOWED_ORIGINS on the auth service`
      : `Portico: the auth service knows no project "${projectId}": add "${projectId}=${origin}" to AUTH_ALLOWED_ORIGINS on the auth service`,
    {
      params: { origin, projectId },
      hint: 'AUTH_ALLOWED_ORIGINS lists each project id with the exact origins that may use its wallet.',
    },
  )
}
