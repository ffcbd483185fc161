import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()

/** Authenticator data flags: user present, user verified, attested credential data. */
const UP = 0x01
const UV = 0x04
const AT = 0x40

export interface SoftPasskey {
  id: Buffer
  userHandle: string
  privateKey: KeyObject
  publicKey: KeyObject
  counter: number
}

/**
 * A software passkey (ES256) for the service's tests: answers create() and get() options the way a
 * browser and a platform authenticator would, with knobs to answer wrongly (origin, RP id, counter,
 * user verification).
 */
export function softAuthenticator(defaults: { origin: string; rpId: string }) {
  /** `topOrigin`: the page that embeds the frame the ceremony runs in (a cross-origin ceremony). */
  const clientData = (type: string, challenge: string, origin: string, topOrigin?: string) =>
    Buffer.from(
      JSON.stringify(
        topOrigin
          ? { type, challenge, origin, crossOrigin: true, topOrigin }
          : { type, challenge, origin, crossOrigin: false },
      ),
    )

  const authData = (rpId: string, flags: number, counter: number, attested?: Buffer) => {
    const head = Buffer.alloc(37)
    sha256(rpId).copy(head, 0)
    head[32] = flags
    head.writeUInt32BE(counter, 33)
    return attested ? Buffer.concat([head, attested]) : head
  }

  return {
    /** Makes a passkey for create()'s options; answers the registration response JSON. */
    create(
      options: { challenge: string; user: { id: string } },
      overrides: {
        origin?: string
        topOrigin?: string
        rpId?: string
        userVerified?: boolean
        counter?: number
      } = {},
    ) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      const jwk = publicKey.export({ format: 'jwk' })
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
          [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
        ]),
      )
      const id = randomBytes(32)
      const idLength = Buffer.alloc(2)
      idLength.writeUInt16BE(id.length)
      const attested = Buffer.concat([Buffer.alloc(16), idLength, id, Buffer.from(cose)])
      const flags = UP | AT | (overrides.userVerified === false ? 0 : UV)
      const counter = overrides.counter ?? 0
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authData(overrides.rpId ?? defaults.rpId, flags, counter, attested))],
        ]) as never,
      )
      const passkey: SoftPasskey = { id, userHandle: options.user.id, privateKey, publicKey, counter }
      const response = {
        id: b64(id),
        rawId: b64(id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(
            clientData(
              'webauthn.create',
              options.challenge,
              overrides.origin ?? defaults.origin,
              overrides.topOrigin,
            ),
          ),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      }
      return { passkey, response }
    },

    /** Signs get()'s challenge with `passkey`; its counter goes up by one unless told otherwise. */
    get(
      passkey: SoftPasskey,
      options: { challenge: string },
      overrides: {
        origin?: string
        topOrigin?: string
        rpId?: string
        userVerified?: boolean
        counter?: number
        userHandle?: string
      } = {},
    ) {
      passkey.counter = overrides.counter ?? passkey.counter + 1
      const data = authData(
        overrides.rpId ?? defaults.rpId,
        UP | (overrides.userVerified === false ? 0 : UV),
        passkey.counter,
      )
      const client = clientData(
        'webauthn.get',
        options.challenge,
        overrides.origin ?? defaults.origin,
        overrides.topOrigin,
      )
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), passkey.privateKey)
      return {
        id: b64(passkey.id),
        rawId: b64(passkey.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(client),
          authenticatorData: b64(data),
          signature: b64(signature),
          userHandle: overrides.userHandle ?? passkey.userHandle,
        },
        clientExtensionResults: {},
      }
    },
  }
}
