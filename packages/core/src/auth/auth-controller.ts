import type { AuthController, AuthControllerOptions } from './auth-controller-types.js'
import { createAuthFlow } from './auth-flow.js'
import { resendCode, sendCode, submitOtp } from './email-sign-in.js'
import { startFarcaster } from './farcaster-sign-in.js'
import { startPasskey } from './passkey-sign-in.js'
import { createSocialSignIn } from './social-sign-in.js'

export type {
  AuthController,
  AuthControllerOptions,
  AuthState,
  AuthStep,
  SocialPopup,
} from './auth-controller-types.js'

/** E-mail, social, Farcaster and passkey sign-in, e-mail change and signing approval for the embedded wallet. */
export function createAuthController(options: AuthControllerOptions): AuthController {
  const flow = createAuthFlow(options)
  const { store, patch } = flow
  const social = createSocialSignIn(flow)
  // The account's own steps (e-mail change, account type) come after a connect: not in the modal's opening.
  const afterConnect = () => import('./after-connect.js')
  return {
    store,
    backend: flow.backend,
    provider: () => flow.loaded()?.provider,
    startEmail: (email) => sendCode(flow, email.trim(), false),
    resendCode: () => resendCode(flow),
    submitOtp: (otp) => submitOtp(flow, otp),
    startSocial: social.start,
    startFarcaster: () => startFarcaster(flow),
    startPasskey: () => startPasskey(flow),
    updateEmail: async (email) => (await afterConnect()).updateEmail(flow, email),
    submitUpdateOtp: async (otp) => (await afterConnect()).submitUpdateOtp(flow, otp),
    resendUpdateCode: async () => (await afterConnect()).resendUpdateCode(flow),
    setPreferredAccountType: async (type, options) =>
      (await afterConnect()).setPreferredAccountType(flow, type, options),
    setAccountType: (account) => patch(account),
    loadSmartAccountNetworks: async () => (await afterConnect()).loadSmartAccountNetworks(flow),
    exportKey: () =>
      flow.run('idle', async (wallet, current) => {
        patch({ keyExport: 'waiting' })
        try {
          const outcome = await wallet.exportKey()
          if (current()) patch({ keyExport: outcome })
        } catch (error) {
          if (current()) patch({ keyExport: undefined })
          throw error
        }
      }),
    cancelApproval: flow.cancelApproval,
    setUser: (user) => patch({ user }),
    async signOut() {
      flow.supersede()
      social.end()
      flow.endApproval()
      const wallet = flow.loaded()
      patch({
        step: 'idle',
        user: undefined,
        email: undefined,
        error: undefined,
        update: undefined,
        stepUp: undefined,
        keyExport: undefined,
      })
      if (wallet) {
        wallet.abortPending()
        await wallet.signOut()
      }
    },
    reset() {
      flow.supersede()
      social.end()
      patch({ step: 'idle', error: undefined, stepUp: undefined, passkeyError: undefined })
    },
  }
}
