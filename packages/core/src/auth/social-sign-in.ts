import { PorticoError } from '../errors/errors.js'
import type { FrameSocialProvider } from './auth-backend.js'
import { StepUpRequiredError } from './auth-backend.js'
import type { SocialPopup } from './auth-controller-types.js'
import { type AuthFlow, connectOrStepUp, finishLogin } from './auth-flow.js'

// Often enough that a closed window turns into the retry state at once (the check is one property read).
const POPUP_WATCH_MS = 100
let popupCount = 0

// A fresh name each time: a window still closing under the old name is never reused for the new flow.
const openBrowserPopup = (): SocialPopup | null =>
  typeof window === 'undefined'
    ? null
    : window.open('', `portico-social-${++popupCount}`, 'width=500,height=640')

const socialWindowClosed = (cause?: unknown) =>
  new PorticoError('AUTH_SOCIAL_WINDOW_CLOSED', 'The sign-in window was closed before the sign-in ended.', {
    cause,
  })

/** The social sign-in under way: its provider window (null when blocked) and the watch on it. */
interface SocialWindow {
  popup: SocialPopup | null
  timer: ReturnType<typeof setInterval> | undefined
  closedByVisitor: boolean
}

export interface SocialSignIn {
  /** Call synchronously from the click: the popup must open inside the visitor's gesture. */
  start(provider: FrameSocialProvider): void
  /** Closes the window of the sign-in under way, and tells the frame it will not finish. */
  end(): void
}

/** Sign-in with a provider's window: opened in the click, pointed at the provider once the frame made the flow. */
export function createSocialSignIn(flow: AuthFlow): SocialSignIn {
  const { options, patch } = flow
  const openPopup = options.openPopup ?? openBrowserPopup
  const popupWatchMs = options.popupWatchMs ?? POPUP_WATCH_MS
  let current: SocialWindow | undefined

  /** Stops watching `window` and closes it; one left unfinished also ends the frame's wait for it. */
  const end = (window = current, unfinished = true) => {
    if (!window || window !== current) return
    current = undefined
    clearInterval(window.timer)
    if (window.popup && !window.popup.closed) window.popup.close()
    if (unfinished) flow.loaded()?.socialWindowClosed()
  }

  const open = (): SocialWindow => {
    const popup = openPopup()
    const window: SocialWindow = { popup, timer: undefined, closedByVisitor: false }
    // A closed window never answers: the frame takes a last look for a result, then gives up.
    if (popup) {
      window.timer = setInterval(() => {
        if (!popup.closed) return
        clearInterval(window.timer)
        window.closedByVisitor = true
        flow.loaded()?.socialWindowClosed()
      }, popupWatchMs)
    }
    return window
  }

  return {
    end: () => end(),
    start(provider) {
      end()
      const window = open()
      current = window
      patch({
        socialProvider: provider,
        stepUp: undefined,
        popupBlocked: !window.popup,
        socialUrl: undefined,
      })
      options.router.push('ConnectingSocial')
      void flow.run('social', async (wallet, isCurrent) => {
        try {
          const connected = await connectOrStepUp(flow, wallet, isCurrent, async () => {
            const uri = await wallet.socialRedirectUri(provider)
            if (!isCurrent()) return
            if (window.closedByVisitor) throw socialWindowClosed()
            patch({ socialUrl: uri })
            if (window.popup) window.popup.location.href = uri
            await wallet.connectSocial(uri).catch((error: unknown) => {
              // The frame's last look found nothing: the visitor left before signing in.
              if (window.closedByVisitor && !(error instanceof StepUpRequiredError))
                throw socialWindowClosed(error)
              throw error
            })
          })
          if (connected) await finishLogin(flow, isCurrent)
        } finally {
          end(window, false)
        }
      })
    },
  }
}
