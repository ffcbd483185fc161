import { type AuthFlow, askForStepUp, finishLogin, signIn } from './auth-flow.js'

/** Mails a sign-in code (or, on a device the address has not confirmed, a link first) and shows its entry. */
export const sendCode = (flow: AuthFlow, email: string, resend: boolean) =>
  flow.run('sending', async (wallet, current) => {
    const { patch, options } = flow
    patch({ stepUp: undefined })
    const action = await wallet.connectEmail(email)
    if (!current()) return
    patch({ email, resendAt: flow.resendAt() })
    if (action === 'VERIFY_OTP') {
      patch({ step: 'otp' })
      if (!resend) options.router.push('EmailVerifyOtp')
      return
    }
    patch({ step: 'device' })
    options.router.push('EmailVerifyDevice')
    await wallet.connectDevice()
    if (!current()) return
    patch({ step: 'otp', resendAt: flow.resendAt() })
    options.router.replace('EmailVerifyOtp')
  })

/** Sends the code the entry waits for again: the step-up code, or the sign-in code. */
export function resendCode(flow: AuthFlow) {
  const { email, stepUp } = flow.store.getState()
  if (stepUp) return flow.run('sending', (wallet, current) => askForStepUp(flow, wallet, current, true))
  return email ? sendCode(flow, email, true) : Promise.resolve()
}

/** Checks the code entered: a step-up code unlocks the wallet here, a sign-in code signs in. */
export const submitOtp = (flow: AuthFlow, otp: string) =>
  flow.run('verifying', async (wallet, current) => {
    if (!flow.store.getState().stepUp) return signIn(flow, wallet, current, () => wallet.connectOtp(otp))
    await wallet.connectStepUpOtp(otp)
    if (!current()) return
    flow.patch({ stepUp: undefined })
    await finishLogin(flow, current)
  })
