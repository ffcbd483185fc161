import { FramePageError } from './frame-page-error.js'
import { fromBase64url, ownBytes, toBase64url } from './recovery-envelope.js'

/**
 * Passkeys as a recovery factor: WebAuthn's PRF extension gives 32 bytes that only this passkey (synced to
 * the user's other devices by their platform) yields for a given salt, and only after user verification.
 * The relying party is the frame's own host (the auth service), so a dApp cannot ask for it.
 */
export interface Passkeys {
  /** Whether this browser can make a passkey here (a platform authenticator that verifies the user). */
  available(): Promise<boolean>
  /** Makes a passkey for the wallet and returns its id and its PRF output for `salt`. */
  create(input: { userId: string; userName: string; salt: Uint8Array }): Promise<PasskeySecret>
  /** The PRF output of the passkey `credentialId` for `salt` (asks the visitor to use it). */
  evaluate(input: { credentialId: string; salt: Uint8Array }): Promise<Uint8Array>
}

export interface PasskeySecret {
  credentialId: string
  prf: Uint8Array
}

/** The authenticator has no PRF (or the visitor made no passkey): the recovery code is the fallback. */
export class PasskeyUnavailableError extends FramePageError<'PASSKEY_UNAVAILABLE'> {
  override name = 'PasskeyUnavailableError'
  constructor(message: string) {
    super('PASSKEY_UNAVAILABLE', message)
  }
}

interface PrfResults {
  prf?: { enabled?: boolean; results?: { first?: BufferSource } }
}

const bytesOf = (source: BufferSource | undefined) =>
  source === undefined
    ? undefined
    : source instanceof ArrayBuffer
      ? new Uint8Array(source)
      : new Uint8Array(source.buffer, source.byteOffset, source.byteLength)

/** Passkeys of the browser the frame runs in, for relying party `rpId` (the frame's host). */
export function browserPasskeys(
  nav: Navigator,
  rpId: string,
  randomBytes: (size: number) => Uint8Array,
): Passkeys {
  const credentials = nav.credentials
  const evaluate: Passkeys['evaluate'] = async ({ credentialId, salt }) => {
    const assertion = (await credentials
      .get({
        publicKey: {
          rpId,
          challenge: ownBytes(randomBytes(32)),
          allowCredentials: [{ type: 'public-key', id: fromBase64url(credentialId) }],
          userVerification: 'required',
          extensions: { prf: { eval: { first: ownBytes(salt) } } } as AuthenticationExtensionsClientInputs,
        },
      })
      .catch((error: unknown) => {
        throw new PasskeyUnavailableError((error as Error)?.message ?? 'No passkey answered')
      })) as PublicKeyCredential | null
    if (!assertion) throw new PasskeyUnavailableError('No passkey answered')
    const output = bytesOf((assertion.getClientExtensionResults() as PrfResults).prf?.results?.first)
    if (!output) throw new PasskeyUnavailableError('This passkey gives no PRF output')
    return output
  }
  return {
    async available() {
      const api = (globalThis as { PublicKeyCredential?: typeof PublicKeyCredential }).PublicKeyCredential
      if (!api || !credentials) return false
      return api.isUserVerifyingPlatformAuthenticatorAvailable().catch(() => false)
    },
    async create({ userId, userName, salt }) {
      const credential = (await credentials
        .create({
          publicKey: {
            rp: { id: rpId, name: 'Portico wallet' },
            user: { id: new TextEncoder().encode(userId), name: userName, displayName: userName },
            challenge: ownBytes(randomBytes(32)),
            pubKeyCredParams: [
              { type: 'public-key', alg: -7 },
              { type: 'public-key', alg: -257 },
            ],
            authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
            extensions: { prf: { eval: { first: ownBytes(salt) } } } as AuthenticationExtensionsClientInputs,
          },
        })
        .catch((error: unknown) => {
          throw new PasskeyUnavailableError((error as Error)?.message ?? 'No passkey was made')
        })) as PublicKeyCredential | null
      if (!credential) throw new PasskeyUnavailableError('No passkey was made')
      const credentialId = toBase64url(new Uint8Array(credential.rawId))
      const prf = (credential.getClientExtensionResults() as PrfResults).prf
      if (!prf?.enabled && !prf?.results) throw new PasskeyUnavailableError('This passkey has no PRF')
      // Some authenticators give the output only on use, not on creation: ask once more.
      const output = bytesOf(prf.results?.first) ?? (await evaluate({ credentialId, salt }))
      return { credentialId, prf: output }
    },
    evaluate,
  }
}
