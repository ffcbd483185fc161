import type { EmbeddedUser } from '@portico/wire'
import { PorticoError } from '../errors/errors.js'
import type { AuthBackend } from './auth-backend.js'
import type { FrameClient } from './frame-client.js'
import { LONG_POLL_TIMEOUT_MS } from './frame-client.js'
import { rethrowFrameFailure } from './frame-failure.js'
import type { FrameStorage } from './frame-storage.js'

/**
 * A step's frame request: a failure rejects as the PorticoError the controller shows (the frame's
 * reason, the auth service's code among them, picks its code; the controller never imports the frame).
 */
export const coded = <T>(request: Promise<T>): Promise<T> => request.catch(rethrowFrameFailure)

type SignInSteps = Pick<
  AuthBackend,
  | 'connectEmail'
  | 'connectDevice'
  | 'connectOtp'
  | 'socialRedirectUri'
  | 'connectSocial'
  | 'socialWindowClosed'
  | 'farcasterUri'
  | 'connectFarcaster'
  | 'connectPasskey'
  | 'requestStepUp'
  | 'connectStepUpOtp'
>

/** The sign-in steps over the frame, keeping the dApp-side login cache (spec §3, §4) as they go. */
export function frameSignInSteps(client: FrameClient, storage: FrameStorage): SignInSteps {
  let email: string | undefined
  const rememberUserName = (user: Pick<EmbeddedUser, 'userName'>) => {
    if (user.userName) storage.setSocialUsername(user.userName)
  }
  return {
    async connectEmail(address) {
      const seconds = storage.emailCooldownSeconds(address)
      if (seconds > 0) {
        throw new PorticoError('AUTH_COOLDOWN', `A code went to this address less than ${seconds} s ago.`, {
          params: { n: seconds },
        })
      }
      const { action } = await coded(client.request('CONNECT_EMAIL', { email: address }))
      email = address
      storage.setLastEmailLoginTime(address)
      return action
    },
    async connectDevice() {
      await coded(client.request('CONNECT_DEVICE'))
    },
    async connectOtp(otp) {
      await coded(client.request('CONNECT_OTP', { otp }))
      if (email) storage.setLoginSuccess(email)
    },
    async socialRedirectUri(socialProvider) {
      return (await coded(client.request('GET_SOCIAL_REDIRECT_URI', { provider: socialProvider }))).uri
    },
    async connectSocial(uri) {
      rememberUserName(await coded(client.request('CONNECT_SOCIAL', { uri })))
    },
    socialWindowClosed() {
      void client.request('SOCIAL_WINDOW_CLOSED').catch(() => {})
    },
    async farcasterUri() {
      const { uri, code } = await coded(client.request('GET_FARCASTER_URI'))
      return { uri, code }
    },
    async connectFarcaster() {
      rememberUserName(await coded(client.request('CONNECT_FARCASTER')))
    },
    async connectPasskey() {
      // The visitor takes their time in the frame's sheet and the browser's prompt.
      await coded(client.request('CONNECT_PASSKEY', undefined, { timeoutMs: LONG_POLL_TIMEOUT_MS }))
    },
    async requestStepUp() {
      return (await coded(client.request('REQUEST_STEP_UP'))).email
    },
    async connectStepUpOtp(otp) {
      await coded(client.request('CONNECT_STEP_UP_OTP', { otp }))
    },
  }
}
