import { t } from '../i18n/messages.js'
import type { AuthFlow } from './auth-flow.js'

/** Starts changing the account's e-mail: a code to the current address first, or straight to the new one. */
export const updateEmail = (flow: AuthFlow, email: string) =>
  flow.run('idle', async (wallet, current) => {
    flow.patch({ update: { email, step: 'sending' } })
    const action = await wallet.updateEmail(email.trim())
    if (!current()) return
    const primary = action === 'VERIFY_PRIMARY_OTP'
    flow.patch({ update: { email, step: primary ? 'primary' : 'secondary' }, resendAt: flow.resendAt() })
    flow.options.router.push(primary ? 'UpdateEmailPrimaryOtp' : 'UpdateEmailSecondaryOtp')
  })

/** Checks the change's code: the current address's leads to the new one's, which makes the change. */
export const submitUpdateOtp = (flow: AuthFlow, otp: string) =>
  flow.run('idle', async (wallet, current) => {
    const { options, patch, store } = flow
    const update = store.getState().update
    if (!update) return
    if (update.step === 'primary') {
      await wallet.updateEmailPrimaryOtp(otp)
      if (!current()) return
      patch({ update: { ...update, step: 'secondary' }, resendAt: flow.resendAt() })
      options.router.replace('UpdateEmailSecondaryOtp')
      return
    }
    const newEmail = await wallet.updateEmailSecondaryOtp(otp)
    if (!current()) return
    const user = store.getState().user
    patch({ update: undefined, email: newEmail, user: user ? { ...user, email: newEmail } : user })
    options.toast.show('success', t('emailUpdated'))
    options.router.reset('Account')
  })

/** Mails the code the change waits for again: to the current address, or to the new one. */
export const resendUpdateCode = (flow: AuthFlow) =>
  flow.run('sending', async (wallet, current) => {
    const update = flow.store.getState().update
    if (!update) return
    // The first code is the change asked again; the second one is resent alone (the first stays proved).
    if (update.step === 'primary') await wallet.updateEmail(update.email.trim())
    else await wallet.resendUpdateEmailSecondaryOtp()
    if (current()) flow.patch({ step: 'idle', resendAt: flow.resendAt() })
  })
