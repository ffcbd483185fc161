import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { errorMessage } from '../errors/error-message.js'
import { PorticoError } from '../errors/errors.js'
import { errorMessages } from '../i18n/messages.js'
import { createModalController } from '../modal/modal-controller.js'
import { createRouter } from '../modal/router.js'
import { createToastController } from '../modal/toast-controller.js'
import {
  type AuthBackend,
  type AuthBackendOptions,
  StepUpRequiredError,
  WrongCodeError,
} from './auth-backend.js'
import { type AuthControllerOptions, createAuthController, type SocialPopup } from './auth-controller.js'

/** A scripted stand-in for the wallet frame: each call answers what the test sets. */
function fakeBackend(overrides: Partial<AuthBackend> = {}): AuthBackend {
  return {
    connectEmail: vi.fn(async () => 'VERIFY_OTP' as const),
    connectDevice: vi.fn(async () => {}),
    connectOtp: vi.fn(async () => {}),
    socialRedirectUri: vi.fn(async (provider) => `http://auth.test/social/${provider}`),
    connectSocial: vi.fn(async () => {}),
    socialWindowClosed: vi.fn(),
    farcasterUri: vi.fn(async () => ({
      uri: 'http://auth.test/farcaster/approve?channelToken=x',
      code: 'K7F-2QX',
    })),
    connectFarcaster: vi.fn(async () => {}),
    connectPasskey: vi.fn(async () => {}),
    requestStepUp: vi.fn(async () => 'a@b.co'),
    connectStepUpOtp: vi.fn(async () => {}),
    isConnected: vi.fn(async () => true),
    otherConnections: vi.fn(async () => []),
    getUser: vi.fn(async () => ({
      address: '0x0000000000000000000000000000000000000001',
      chainId: 1,
      email: 'a@b.co',
      userName: null,
      socialProvider: null,
      smartAccountDeployed: false,
      preferredAccountType: 'eoa' as const,
      upgradedInPlace: false,
    })),
    signOut: vi.fn(async () => {}),
    updateEmail: vi.fn(async () => 'VERIFY_PRIMARY_OTP' as const),
    updateEmailPrimaryOtp: vi.fn(async () => {}),
    updateEmailSecondaryOtp: vi.fn(async () => 'new@b.co'),
    resendUpdateEmailSecondaryOtp: vi.fn(async () => {}),
    exportKey: vi.fn(async () => 'done' as const),
    setPreferredAccount: vi.fn(async () => {
      throw new Error('Smart accounts are not available')
    }),
    smartAccountNetworks: vi.fn(async () => {
      throw new Error('unavailable')
    }),
    permissions: vi.fn(async () => []),
    revokePermission: vi.fn(async () => {}),
    abortPending: vi.fn(),
    provider: {},
    ...overrides,
  }
}

/** A provider window the test closes the way the visitor does. */
function fakePopup() {
  const popup = {
    closed: false,
    location: { href: '' },
    close: vi.fn(() => {
      popup.closed = true
    }),
  }
  return popup satisfies SocialPopup
}

/** A frame whose CONNECT_SOCIAL waits until the window is reported closed, then fails. */
function socialBackendWaitingForClose() {
  let fail: (error: Error) => void = () => {}
  return fakeBackend({
    connectSocial: vi.fn(
      () =>
        new Promise<void>((_, reject) => {
          fail = reject
        }),
    ),
    socialWindowClosed: vi.fn(() => fail(new Error('The sign-in window was closed'))),
  })
}

function setup(
  backend: AuthBackend,
  onLoggedIn = vi.fn(async () => {}),
  openPopup: () => SocialPopup | null = () => null,
  extra: Partial<AuthControllerOptions> = {},
) {
  const router = createRouter({ onEmpty: () => modal.close() })
  const modal = createModalController({ router, isConnected: () => false })
  const toast = createToastController()
  let options: AuthBackendOptions | undefined
  const auth = createAuthController({
    backendOptions: {
      authUrl: 'http://auth.test',
      projectId: 'p',
      chainId: 1,
      themeMode: () => 'dark' as const,
      metadata: undefined,
      storage: undefined,
    },
    load: async (given) => {
      options = given
      return backend
    },
    router,
    modal,
    toast,
    onLoggedIn,
    now: () => 1_000_000,
    openPopup,
    popupWatchMs: 250,
    ...extra,
  })
  modal.open({ view: 'Connect' })
  return { auth, router, modal, toast, onLoggedIn, options: () => options as AuthBackendOptions }
}

describe('auth controller', () => {
  it('mails a code, opens the code entry with a 30 s resend wait, then connects on the right code', async () => {
    const backend = fakeBackend()
    const { auth, router, onLoggedIn } = setup(backend)
    await auth.startEmail('  a@b.co ')
    expect(backend.connectEmail).toHaveBeenCalledWith('a@b.co')
    expect(router.current()?.view).toBe('EmailVerifyOtp')
    expect(auth.store.getState()).toMatchObject({ step: 'otp', email: 'a@b.co', resendAt: 1_030_000 })
    await auth.submitOtp('123456')
    expect(backend.connectOtp).toHaveBeenCalledWith('123456')
    expect(onLoggedIn).toHaveBeenCalledOnce()
    expect(auth.store.getState().step).toBe('idle')
  })

  it('waits for the device link, then moves on to the code by itself', async () => {
    let confirm: () => void = () => {}
    const backend = fakeBackend({
      connectEmail: vi.fn(async () => 'VERIFY_DEVICE' as const),
      connectDevice: vi.fn(() => new Promise<void>((resolve) => (confirm = resolve))),
    })
    const { auth, router } = setup(backend)
    const started = auth.startEmail('a@b.co')
    await vi.waitFor(() => expect(router.current()?.view).toBe('EmailVerifyDevice'))
    expect(auth.store.getState().step).toBe('device')
    confirm()
    await started
    expect(router.current()?.view).toBe('EmailVerifyOtp')
    expect(router.store.getState().history.map((entry) => entry.view)).toEqual(['Connect', 'EmailVerifyOtp'])
  })

  it('keeps the code entry open with the reason when a code is refused, said once (under the field)', async () => {
    const backend = fakeBackend({
      connectOtp: vi.fn(async () => {
        throw new WrongCodeError('The code is not right', 4)
      }),
    })
    const { auth, toast, onLoggedIn } = setup(backend)
    await auth.startEmail('a@b.co')
    await auth.submitOtp('000000')
    expect(auth.store.getState()).toMatchObject({ step: 'otp', error: { code: 'AUTH_INVALID_OTP' } })
    expect(errorMessage(auth.store.getState().error)).toBe('That code is not right: 4 tries left')
    expect(toast.store.getState().open).toBe(false)
    expect(onLoggedIn).not.toHaveBeenCalled()
  })

  it('says how many tries are left after a wrong code, with the plural form that fits', async () => {
    let left = 2
    const backend = fakeBackend({
      connectOtp: vi.fn(async () => {
        throw new WrongCodeError('Invalid code', left--)
      }),
    })
    const { auth } = setup(backend)
    await auth.startEmail('a@b.co')
    const shown = () => errorMessage(auth.store.getState().error)
    await auth.submitOtp('000000')
    expect(auth.store.getState()).toMatchObject({ step: 'otp', error: { code: 'AUTH_INVALID_OTP' } })
    expect(shown()).toBe('That code is not right: 2 tries left')
    await auth.submitOtp('000001')
    expect(shown()).toBe('That code is not right: 1 try left')
    await auth.submitOtp('000002')
    expect(auth.store.getState().error?.code).toBe('AUTH_OTP_LOCKED')
    expect(shown()).toBe('Too many wrong codes. Ask for a new code.')
  })

  it('returns to a retry state when the visitor closes the provider window, and Retry signs in', async () => {
    vi.useFakeTimers()
    try {
      const backend = socialBackendWaitingForClose()
      const popups: ReturnType<typeof fakePopup>[] = []
      const { auth, router, onLoggedIn } = setup(backend, undefined, () => {
        const popup = fakePopup()
        popups.push(popup)
        return popup
      })
      auth.startSocial('github')
      expect(router.current()?.view).toBe('ConnectingSocial')
      await vi.advanceTimersByTimeAsync(0)
      expect(popups[0]?.location.href).toBe('http://auth.test/social/github')
      expect(auth.store.getState().step).toBe('social')

      popups[0]?.close()
      await vi.advanceTimersByTimeAsync(250)
      expect(backend.socialWindowClosed).toHaveBeenCalledTimes(1)
      expect(auth.store.getState()).toMatchObject({
        step: 'idle',
        error: { code: 'AUTH_SOCIAL_WINDOW_CLOSED' },
      })
      expect(errorMessage(auth.store.getState().error)).toBe(
        'The sign-in window was closed before you finished.',
      )
      expect(onLoggedIn).not.toHaveBeenCalled()

      // Retry: a new window, and this time the provider answers.
      vi.mocked(backend.connectSocial).mockImplementationOnce(async () => {})
      auth.startSocial('github')
      await vi.advanceTimersByTimeAsync(0)
      expect(popups).toHaveLength(2)
      expect(onLoggedIn).toHaveBeenCalledTimes(1)
      expect(auth.store.getState()).toMatchObject({ step: 'idle', error: undefined })
      // The watch on the first window is gone: nothing more is reported.
      await vi.advanceTimersByTimeAsync(1000)
      expect(backend.socialWindowClosed).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it("Cancel closes the provider window and ends the frame's wait", async () => {
    vi.useFakeTimers()
    try {
      const backend = socialBackendWaitingForClose()
      const popup = fakePopup()
      const { auth } = setup(backend, undefined, () => popup)
      auth.startSocial('google')
      await vi.advanceTimersByTimeAsync(0)
      auth.reset()
      expect(popup.close).toHaveBeenCalled()
      expect(backend.socialWindowClosed).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(1000)
      // The flow was left on purpose: no failure is shown for it.
      expect(auth.store.getState()).toMatchObject({ step: 'idle', error: undefined })
    } finally {
      vi.useRealTimers()
    }
  })

  it('offers the start address as a link when the popup is blocked, and the same flow goes on', async () => {
    let finish: () => void = () => {}
    const backend = fakeBackend({
      connectSocial: vi.fn(() => new Promise<void>((resolve) => (finish = resolve))),
    })
    const { auth, router, onLoggedIn } = setup(backend, undefined, () => null)
    auth.startSocial('github')
    expect(router.current()?.view).toBe('ConnectingSocial')
    expect(auth.store.getState().popupBlocked).toBe(true)
    await vi.waitFor(() => expect(auth.store.getState().socialUrl).toBe('http://auth.test/social/github'))
    expect(backend.connectSocial).toHaveBeenCalledWith('http://auth.test/social/github')
    finish()
    await vi.waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1))
  })

  it('asks for the mailed step-up code when a Farcaster login must recover the wallet here', async () => {
    const backend = fakeBackend({
      connectFarcaster: vi.fn(async () => {
        throw new StepUpRequiredError('step up')
      }),
      connectStepUpOtp: vi.fn(async (otp: string) => {
        if (otp !== '654321') throw new WrongCodeError('The code is not right', 4)
      }),
    })
    const { auth, router, onLoggedIn } = setup(backend)
    await auth.startFarcaster()
    expect(router.current()?.view).toBe('EmailVerifyOtp')
    expect(auth.store.getState()).toMatchObject({ step: 'otp', stepUp: { email: 'a@b.co' } })
    expect(backend.requestStepUp).toHaveBeenCalledTimes(1)
    expect(onLoggedIn).not.toHaveBeenCalled()
    await auth.submitOtp('000000')
    expect(auth.store.getState()).toMatchObject({ step: 'otp', error: { code: 'AUTH_INVALID_OTP' } })
    await auth.resendCode()
    expect(backend.requestStepUp).toHaveBeenCalledTimes(2)
    expect(backend.connectOtp).not.toHaveBeenCalled()
    await auth.submitOtp('654321')
    expect(backend.connectStepUpOtp).toHaveBeenLastCalledWith('654321')
    expect(onLoggedIn).toHaveBeenCalledTimes(1)
    expect(auth.store.getState().stepUp).toBeUndefined()
  })

  it('shows the cooldown message and stays on the Connect view', async () => {
    const backend = fakeBackend({
      connectEmail: vi.fn(async () => {
        throw new PorticoError('AUTH_COOLDOWN', 'cooldown', { params: { n: 12 } })
      }),
    })
    const { auth, router } = setup(backend)
    await auth.startEmail('a@b.co')
    expect(router.current()?.view).toBe('Connect')
    expect(auth.store.getState()).toMatchObject({ step: 'idle', error: { code: 'AUTH_COOLDOWN' } })
    expect(errorMessage(auth.store.getState().error)).toBe('Please try again after 12 seconds')
  })

  it('takes the text it shows from the catalogue entry of the code, not from the error', async () => {
    const backend = fakeBackend({
      connectOtp: vi.fn(async () => {
        throw new PorticoError('AUTH_OTP_EXPIRED', 'The code has expired: request a new one')
      }),
    })
    const { auth, toast } = setup(backend)
    const catalogue = errorMessages.messages as unknown as Record<string, string>
    const original = errorMessages.messages.AUTH_OTP_EXPIRED
    catalogue.AUTH_OTP_EXPIRED = 'Ce code a expiré'
    try {
      await auth.startEmail('a@b.co')
      await auth.submitOtp('000000')
      expect(errorMessage(auth.store.getState().error)).toBe('Ce code a expiré')
      expect(toast.store.getState().open).toBe(false)
    } finally {
      catalogue.AUTH_OTP_EXPIRED = original
    }
  })

  it('says the e-mail login could not load when the frame code fails to load', async () => {
    const router = createRouter({ onEmpty: () => {} })
    const modal = createModalController({ router, isConnected: () => false })
    const auth = createAuthController({
      backendOptions: {
        authUrl: 'http://a',
        projectId: 'p',
        chainId: 1,
        themeMode: () => 'dark' as const,
        metadata: undefined,
        storage: undefined,
      },
      load: async () => {
        throw new Error('chunk failed')
      },
      router,
      modal,
      toast: createToastController(),
      onLoggedIn: async () => {},
    })
    await auth.startEmail('a@b.co')
    expect(auth.store.getState().error?.code).toBe('AUTH_LOAD_FAILED')
    expect(errorMessage(auth.store.getState().error)).toBe(errorMessages.t('AUTH_LOAD_FAILED'))
  })

  it('waits on the approval view while the frame asks the visitor; closing the modal cancels', async () => {
    const backend = fakeBackend()
    const { auth, modal, router, options } = setup(backend)
    await auth.backend()
    const signing = options().onSigningRequest
    const endFirst = signing({ method: 'personal_sign', params: ['0x68', '0x1'] })
    expect(router.current()?.view).toBe('ApproveRequest')
    expect(auth.store.getState().approval?.method).toBe('personal_sign')
    // The frame answered (approved or rejected there): the view closes, nothing is cancelled.
    endFirst()
    expect(modal.store.getState().open).toBe(false)
    expect(auth.store.getState().approval).toBeUndefined()
    expect(backend.abortPending).not.toHaveBeenCalled()

    signing({ method: 'eth_sendTransaction', params: [] })
    auth.cancelApproval()
    expect(backend.abortPending).toHaveBeenCalledTimes(1)
    expect(modal.store.getState().open).toBe(false)

    signing({ method: 'personal_sign', params: [] })
    modal.close()
    expect(backend.abortPending).toHaveBeenCalledTimes(2)
    expect(auth.store.getState().approval).toBeUndefined()
  })

  it('opens the modal on a method the wallet does not allow', async () => {
    const { auth, modal, router, toast, options } = setup(fakeBackend())
    modal.close()
    await auth.backend()
    options().onNotAllowed('eth_sign')
    expect(modal.store.getState().open).toBe(true)
    expect(router.current()?.view).toBe('ActionNotAllowed')
    expect(toast.store.getState().message).toBe('Action not allowed')
  })

  it('falls back to an EOA when a smart account is refused or its networks cannot be read', async () => {
    const { auth, router } = setup(fakeBackend())
    await auth.setPreferredAccountType('smartAccount')
    expect(auth.store.getState().preferredAccountType).toBe('eoa')
    expect(router.current()?.view).toBe('Account')
  })

  it('upgrades to a smart account: pending while the wallet window is open, then the account', async () => {
    let answer: (type: 'smartAccount') => void = () => {}
    const backend = fakeBackend({
      smartAccountNetworks: vi.fn(async () => [1, 10]),
      setPreferredAccount: vi.fn(
        () =>
          new Promise<'eoa' | 'smartAccount'>((resolve) => {
            answer = resolve
          }),
      ),
    })
    const { auth, router, toast } = setup(backend)
    const upgrade = auth.setPreferredAccountType('smartAccount', { sameAddress: true })
    await vi.waitFor(() =>
      expect(backend.setPreferredAccount).toHaveBeenCalledWith('smartAccount', { sameAddress: true }),
    )
    expect(auth.store.getState()).toMatchObject({ accountTypePending: true, smartAccountNetworks: [1, 10] })
    answer('smartAccount')
    await upgrade
    expect(auth.store.getState()).toMatchObject({
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: true,
      upgradedInPlace: true,
      accountTypePending: false,
    })
    expect(router.current()?.view).toBe('Account')
    expect(toast.store.getState().open).toBe(false)
  })

  it('an upgraded EOA asked back to an EOA stays the smart account it is (EIP-7702 is not undone)', async () => {
    const backend = fakeBackend({
      smartAccountNetworks: vi.fn(async () => [1]),
      // The wallet answers what the account is: its code runs at the EOA's own address.
      setPreferredAccount: vi.fn(async () => 'smartAccount' as const),
    })
    const { auth } = setup(backend)
    await auth.setPreferredAccountType('eoa')
    expect(auth.store.getState()).toMatchObject({
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: true,
      upgradedInPlace: true,
    })
    // Switching to the counterfactual account is another address, not deployed by the switch.
    await auth.setPreferredAccountType('smartAccount')
    expect(auth.store.getState()).toMatchObject({ smartAccountDeployed: false, upgradedInPlace: false })
  })

  it('says why an upgrade failed and stays an EOA (the visitor rejected it in the wallet window)', async () => {
    const backend = fakeBackend({
      smartAccountNetworks: vi.fn(async () => [1]),
      setPreferredAccount: vi.fn(async () => {
        throw new PorticoError('USER_REJECTED', 'User rejected the request.')
      }),
    })
    const { auth, toast } = setup(backend)
    await auth.setPreferredAccountType('smartAccount')
    expect(auth.store.getState()).toMatchObject({
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
      accountTypePending: false,
    })
    expect(toast.store.getState()).toMatchObject({
      variant: 'error',
      message: errorMessages.t('USER_REJECTED'),
    })
  })

  it('goes on to sign in with the wallet after choosing, when the dApp asks for it', async () => {
    const backend = fakeBackend({
      smartAccountNetworks: vi.fn(async () => [1]),
      setPreferredAccount: vi.fn(async () => 'smartAccount' as const),
    })
    const { auth, router } = setup(backend, undefined, undefined, {
      afterAccountType: () => 'ConnectingSiwe',
    })
    await auth.setPreferredAccountType('smartAccount')
    expect(router.current()?.view).toBe('ConnectingSiwe')
  })

  it('follows the account type the wallet reports, and reads where it can upgrade ([] on error)', async () => {
    const { auth } = setup(fakeBackend())
    auth.setAccountType({ preferredAccountType: 'smartAccount', smartAccountDeployed: true })
    expect(auth.store.getState()).toMatchObject({
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: true,
    })
    await auth.loadSmartAccountNetworks()
    expect(auth.store.getState().smartAccountNetworks).toEqual([])
  })

  it('changes the e-mail through both codes and shows the new address', async () => {
    const backend = fakeBackend()
    const { auth, router } = setup(backend)
    auth.setUser({ email: 'a@b.co', userName: null, socialProvider: null })
    await auth.updateEmail('new@b.co')
    expect(router.current()?.view).toBe('UpdateEmailPrimaryOtp')
    await auth.submitUpdateOtp('111111')
    expect(router.current()?.view).toBe('UpdateEmailSecondaryOtp')
    await auth.submitUpdateOtp('222222')
    expect(backend.updateEmailSecondaryOtp).toHaveBeenCalledWith('222222')
    expect(auth.store.getState().user?.email).toBe('new@b.co')
    expect(router.current()?.view).toBe('Account')
  })

  it('resends the code of the step the e-mail change is on, with a new cooldown each time', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const backend = fakeBackend()
    const { auth } = setup(backend)
    auth.setUser({ email: 'a@b.co', userName: null, socialProvider: null })
    await auth.updateEmail('new@b.co')
    expect(auth.store.getState().resendAt).toBe(1_030_000)
    // The wait starts again with each mail.
    auth.store.setState({ resendAt: undefined })
    await auth.resendUpdateCode()
    expect(backend.updateEmail).toHaveBeenCalledTimes(2)
    expect(backend.updateEmail).toHaveBeenLastCalledWith('new@b.co')
    expect(auth.store.getState().error).toBeUndefined()
    expect(auth.store.getState().resendAt).toBe(1_030_000)
    await auth.submitUpdateOtp('111111')
    await auth.resendUpdateCode()
    expect(backend.resendUpdateEmailSecondaryOtp).toHaveBeenCalledTimes(1)
    expect(backend.updateEmail).toHaveBeenCalledTimes(2)
    expect(auth.store.getState().resendAt).toBe(1_030_000)
    expect(auth.store.getState().update?.step).toBe('secondary')
  })

  it('follows a key export in the wallet window: waiting, then how it ended; a failure is shown', async () => {
    let end: (outcome: 'done' | 'locked') => void = () => {}
    const backend = fakeBackend({
      exportKey: vi.fn(() => new Promise<'done' | 'locked'>((resolve) => (end = resolve))),
    })
    const { auth } = setup(backend)
    const exporting = auth.exportKey()
    await vi.waitFor(() => expect(auth.store.getState().keyExport).toBe('waiting'))
    end('done')
    await exporting
    expect(auth.store.getState().keyExport).toBe('done')

    const failing = fakeBackend({
      exportKey: vi.fn(async () => {
        throw new PorticoError('AUTH_UNAUTHORIZED', 'Sign in first')
      }),
    })
    const other = setup(failing)
    await other.auth.exportKey()
    expect(other.auth.store.getState().keyExport).toBeUndefined()
    expect(other.auth.store.getState().error?.code).toBe('AUTH_UNAUTHORIZED')
    await auth.signOut()
    expect(auth.store.getState().keyExport).toBeUndefined()
  })

  it('signs out of the frame and cancels a waiting approval', async () => {
    const backend = fakeBackend()
    const { auth, options } = setup(backend)
    await auth.backend()
    options().onSigningRequest({ method: 'personal_sign', params: [] })
    await auth.signOut()
    expect(auth.store.getState().approval).toBeUndefined()
    expect(backend.abortPending).toHaveBeenCalled()
    expect(backend.signOut).toHaveBeenCalled()
    expect(auth.store.getState().user).toBeUndefined()
  })
})
