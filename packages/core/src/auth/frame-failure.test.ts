import { type FrameErrorPayload, frameErrorFromPayload, frameErrorReasonSchema } from '@portico/wire'
import { describe, expect, it, vi } from 'vitest'
import { errorMessage } from '../errors/error-message.js'
import { errorMessages } from '../i18n/messages.js'
import { createModalController } from '../modal/modal-controller.js'
import { createRouter } from '../modal/router.js'
import { createToastController } from '../modal/toast-controller.js'
import type { AuthBackend } from './auth-backend.js'
import { createAuthController } from './auth-controller.js'
import { fromFrameError } from './frame-failure.js'

/** What the frame client rejects with for the frame's error answer `payload`, as the modal gets it. */
const failureOf = (payload: FrameErrorPayload) => fromFrameError(frameErrorFromPayload(payload))

/** An auth controller over a backend whose every call rejects with `failure` once a code is asked for. */
function controllerFailingWith(failure: Error, on: 'connectEmail' | 'connectOtp') {
  const router = createRouter({ onEmpty: () => modal.close() })
  const modal = createModalController({ router, isConnected: () => false })
  const toast = createToastController()
  const backend = {
    connectEmail: vi.fn(async () => {
      if (on === 'connectEmail') throw failure
      return 'VERIFY_OTP' as const
    }),
    connectOtp: vi.fn(async () => {
      throw failure
    }),
    requestStepUp: vi.fn(async () => 'ann@example.test'),
  } as Partial<AuthBackend> as AuthBackend
  const auth = createAuthController({
    backendOptions: {
      authUrl: 'http://auth.test',
      projectId: 'p',
      chainId: 1,
      themeMode: () => 'dark',
      metadata: undefined,
      storage: undefined,
    },
    load: async () => backend,
    router,
    modal,
    toast,
    onLoggedIn: async () => {},
    now: () => 0,
  })
  modal.open({ view: 'Connect' })
  return { auth, router, toast, backend }
}

describe('frame failures reach the modal by code', () => {
  it.each([
    [
      { message: 'Please try again after 12 seconds', reason: 'COOLDOWN', retryAfterSeconds: 12 },
      'AUTH_COOLDOWN',
    ],
    [{ message: 'x', reason: 'INVALID_OTP', attemptsLeft: 3 }, 'AUTH_INVALID_OTP'],
    [{ message: 'x', reason: 'OTP_LOCKED', attemptsLeft: 0 }, 'AUTH_OTP_LOCKED'],
    [{ message: 'x', reason: 'OTP_EXPIRED' }, 'AUTH_OTP_EXPIRED'],
    [{ message: 'x', reason: 'RATE_LIMITED', retryAfterSeconds: 3600 }, 'AUTH_RATE_LIMITED'],
    [{ message: 'x', reason: 'STEP_UP_REQUIRED' }, 'AUTH_STEP_UP_REQUIRED'],
    [{ message: 'x', reason: 'SERVICE_UNAVAILABLE' }, 'AUTH_UNAVAILABLE'],
    [{ message: 'x', reason: 'NOT_ALLOWED' }, 'ACTION_NOT_ALLOWED'],
    [{ message: 'x', reason: 'SOCIAL_WINDOW_CLOSED' }, 'AUTH_SOCIAL_WINDOW_CLOSED'],
    [{ message: 'User rejected the request.', code: 4001 }, 'USER_REJECTED'],
    [{ message: 'Unrecognized chain ID 5', code: 4902 }, 'UNRECOGNIZED_CHAIN'],
    [{ message: 'Wallet key does not match the stored address' }, 'FRAME_ERROR'],
  ] satisfies [FrameErrorPayload, string][])('%o is %s', (payload, code) => {
    expect(failureOf(payload).code).toBe(code)
  })

  it("gives every reason the frame may send a code with its own catalogue text, never the frame's words", () => {
    for (const reason of frameErrorReasonSchema.options) {
      const failure = failureOf({ message: 'the frame said this', reason })
      expect(failure.code).not.toBe('FRAME_ERROR')
      expect(errorMessage(failure)).not.toContain('the frame said this')
      expect(errorMessage(failure)).not.toBe(errorMessages.t('UNKNOWN'))
    }
  })

  it("puts the service's cooldown in the controller's state as AUTH_COOLDOWN with the catalogue's counted text", async () => {
    const failure = failureOf({
      message: 'Please try again after 12 seconds',
      reason: 'COOLDOWN',
      retryAfterSeconds: 11.2,
    })
    const { auth, router, toast } = controllerFailingWith(failure, 'connectEmail')
    await auth.startEmail('ann@example.test')
    expect(router.current()?.view).toBe('Connect')
    expect(auth.store.getState()).toMatchObject({ step: 'idle', error: { code: 'AUTH_COOLDOWN' } })
    const text = errorMessages.plural('AUTH_COOLDOWN_COUNTED', 12)
    expect(errorMessage(auth.store.getState().error)).toBe(text)
    expect(toast.store.getState()).toMatchObject({ variant: 'error', message: text })
  })

  it('keeps the code entry open on a wrong code and says how many tries are left', async () => {
    const failure = failureOf({ message: 'The code is not right', reason: 'INVALID_OTP', attemptsLeft: 3 })
    const { auth } = controllerFailingWith(failure, 'connectOtp')
    await auth.startEmail('ann@example.test')
    await auth.submitOtp('000000')
    expect(auth.store.getState()).toMatchObject({ step: 'otp', error: { code: 'AUTH_INVALID_OTP' } })
    expect(errorMessage(auth.store.getState().error)).toBe('That code is not right: 3 tries left')
  })

  it("answers the frame's STEP_UP_REQUIRED with the step-up code entry, not an error", async () => {
    const failure = failureOf({ message: 'Confirm the code sent to your e-mail', reason: 'STEP_UP_REQUIRED' })
    const { auth, router, backend } = controllerFailingWith(failure, 'connectOtp')
    await auth.startEmail('ann@example.test')
    await auth.submitOtp('123456')
    expect(backend.requestStepUp).toHaveBeenCalledOnce()
    expect(router.current()?.view).toBe('EmailVerifyOtp')
    expect(auth.store.getState()).toMatchObject({
      step: 'otp',
      stepUp: { email: 'ann@example.test' },
      error: undefined,
    })
  })
})
