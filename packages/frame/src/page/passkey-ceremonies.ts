import type {
  PasskeyRegistrationResponse,
  PasskeySignInResponse,
  passkeyRegistrationOptionsSchema,
  passkeySignInOptionsResponseSchema,
} from '@portico/wire'
import type * as z from 'zod/mini'
import { fromBase64url, ownBytes, toBase64url } from './recovery-envelope.js'

export type PasskeyRegistrationOptions = z.infer<typeof passkeyRegistrationOptionsSchema>
export type PasskeySignInOptions = z.infer<typeof passkeySignInOptionsResponseSchema>['options']

/** A ceremony's answer for the service, and the passkey's PRF output for `prfSalt` when it has one. */
export interface CeremonyResult<R> {
  response: R
  credentialId: string
  prf: Uint8Array | undefined
}

/**
 * The WebAuthn ceremonies of passkey sign-in, as the browser runs them in the wallet frame. Each also
 * asks for the PRF output of `prfSalt`, so the same touch that signs in also opens (or seals) the
 * wallet's recovery share. The answers are written in WebAuthn's JSON form by hand: the browsers the
 * frame supports do not all have toJSON(), and the PRF output must stay here, out of the JSON.
 */
export interface PasskeyCeremonies {
  /** Whether this browser has WebAuthn at all (PublicKeyCredential). */
  supported(): boolean
  create(
    options: PasskeyRegistrationOptions,
    prfSalt: Uint8Array,
  ): Promise<CeremonyResult<PasskeyRegistrationResponse>>
  get(options: PasskeySignInOptions, prfSalt: Uint8Array): Promise<CeremonyResult<PasskeySignInResponse>>
}

interface PrfOutput {
  prf?: { enabled?: boolean; results?: { first?: BufferSource } }
}

const bytesOf = (source: BufferSource | undefined) =>
  source === undefined
    ? undefined
    : source instanceof ArrayBuffer
      ? new Uint8Array(source)
      : new Uint8Array(source.buffer, source.byteOffset, source.byteLength)

const b64 = (buffer: ArrayBuffer) => toBase64url(new Uint8Array(buffer))
const prfInput = (salt: Uint8Array) =>
  ({ prf: { eval: { first: ownBytes(salt) } } }) as AuthenticationExtensionsClientInputs
const attachment = (
  credential: PublicKeyCredential,
): { authenticatorAttachment?: 'platform' | 'cross-platform' } => {
  const value = credential.authenticatorAttachment
  return value === 'platform' || value === 'cross-platform' ? { authenticatorAttachment: value } : {}
}

export function browserPasskeyCeremonies(nav: Navigator): PasskeyCeremonies {
  return {
    supported: () =>
      typeof (globalThis as { PublicKeyCredential?: unknown }).PublicKeyCredential === 'function' &&
      nav.credentials !== undefined,

    async create(options, prfSalt) {
      const credential = (await nav.credentials.create({
        publicKey: {
          challenge: fromBase64url(options.challenge),
          rp: options.rp,
          user: { ...options.user, id: fromBase64url(options.user.id) },
          pubKeyCredParams: options.pubKeyCredParams,
          ...(options.timeout ? { timeout: options.timeout } : {}),
          attestation: 'none',
          authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
          extensions: prfInput(prfSalt),
        },
      })) as PublicKeyCredential | null
      if (!credential) throw new DOMException('No passkey was made', 'NotAllowedError')
      const response = credential.response as AuthenticatorAttestationResponse
      const transports = response.getTransports?.() ?? []
      const credentialId = b64(credential.rawId)
      return {
        credentialId,
        response: {
          id: credentialId,
          rawId: credentialId,
          type: 'public-key',
          response: {
            clientDataJSON: b64(response.clientDataJSON),
            attestationObject: b64(response.attestationObject),
            ...(transports.length > 0 ? { transports } : {}),
          },
          ...attachment(credential),
          clientExtensionResults: {},
        },
        prf: bytesOf((credential.getClientExtensionResults() as PrfOutput).prf?.results?.first),
      }
    },

    async get(options, prfSalt) {
      // No allowCredentials: a discoverable passkey names its account, nobody types a user name.
      const credential = (await nav.credentials.get({
        publicKey: {
          challenge: fromBase64url(options.challenge),
          rpId: options.rpId,
          ...(options.timeout ? { timeout: options.timeout } : {}),
          userVerification: 'required',
          extensions: prfInput(prfSalt),
        },
      })) as PublicKeyCredential | null
      if (!credential) throw new DOMException('No passkey answered', 'NotAllowedError')
      const response = credential.response as AuthenticatorAssertionResponse
      const credentialId = b64(credential.rawId)
      return {
        credentialId,
        response: {
          id: credentialId,
          rawId: credentialId,
          type: 'public-key',
          response: {
            clientDataJSON: b64(response.clientDataJSON),
            authenticatorData: b64(response.authenticatorData),
            signature: b64(response.signature),
            ...(response.userHandle ? { userHandle: b64(response.userHandle) } : {}),
          },
          ...attachment(credential),
          clientExtensionResults: {},
        },
        prf: bytesOf((credential.getClientExtensionResults() as PrfOutput).prf?.results?.first),
      }
    },
  }
}
