import type { AuthBackend } from './auth-backend.js'
import { type FrameClient, LONG_POLL_TIMEOUT_MS } from './frame-client.js'
import { coded } from './frame-sign-in-steps.js'
import type { FrameStorage } from './frame-storage.js'

type AccountSteps = Pick<
  AuthBackend,
  | 'updateEmail'
  | 'updateEmailPrimaryOtp'
  | 'resendUpdateEmailSecondaryOtp'
  | 'updateEmailSecondaryOtp'
  | 'exportKey'
  | 'setPreferredAccount'
  | 'smartAccountNetworks'
  | 'permissions'
  | 'revokePermission'
>

/**
 * What a signed-in visitor does with the account over the frame: change the e-mail, export the key, change
 * the account type. The last two show the wallet's own window, in the modal's theme (`syncTheme` first).
 */
export function frameAccountSteps(
  client: FrameClient,
  storage: FrameStorage,
  syncTheme: () => void,
  /** The active address changed (EOA ⇄ smart account): the provider tells its listeners. */
  accountsChanged: (address: string) => void = () => {},
): AccountSteps {
  return {
    async updateEmail(address) {
      return (await coded(client.request('UPDATE_EMAIL', { email: address }))).action
    },
    async updateEmailPrimaryOtp(otp) {
      await coded(client.request('UPDATE_EMAIL_PRIMARY_OTP', { otp }))
    },
    async resendUpdateEmailSecondaryOtp() {
      await coded(client.request('RESEND_UPDATE_EMAIL_SECONDARY_OTP'))
    },
    async updateEmailSecondaryOtp(otp) {
      const { newEmail } = await coded(client.request('UPDATE_EMAIL_SECONDARY_OTP', { otp }))
      storage.setLoginSuccess(newEmail)
      return newEmail
    },
    async exportKey() {
      // The visitor takes their time in the wallet window: the wait is a sign-in's, not a quick call's.
      syncTheme()
      const { status } = await coded(
        client.request('EXPORT_KEY', undefined, { timeoutMs: LONG_POLL_TIMEOUT_MS }),
      )
      return status
    },
    async setPreferredAccount(type, options) {
      // An upgrade shows the wallet's sheet and waits for the visitor and the chain.
      syncTheme()
      const payload = options?.sameAddress ? { type, sameAddress: true } : { type }
      const answer = await coded(
        client.request('SET_PREFERRED_ACCOUNT', payload, { timeoutMs: LONG_POLL_TIMEOUT_MS }),
      )
      accountsChanged(answer.address)
      return answer.type
    },
    async permissions() {
      return (await coded(client.request('GET_PERMISSIONS'))).permissions
    },
    async revokePermission(context) {
      await coded(client.request('REVOKE_PERMISSION', { context }))
    },
    async smartAccountNetworks() {
      try {
        const { smartAccountEnabledNetworks } = await client.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS')
        storage.setSmartAccountEnabledNetworks(smartAccountEnabledNetworks)
        return smartAccountEnabledNetworks
      } catch {
        return []
      }
    },
  }
}
