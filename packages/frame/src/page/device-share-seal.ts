import { fromBase64url, ownBytes, toBase64url } from './recovery-envelope.js'

/**
 * A device share as the frame stores it: AES-GCM under the frame's non-extractable wrapping key
 * (`device-share-key.ts`), a random 96-bit IV per write, and the user id and wallet address as additional
 * data, so a sealed share moved to another user's entry, or another address, does not open.
 */

export interface DeviceShareContext {
  userId: string
  address: string
}

const additionalData = ({ userId, address }: DeviceShareContext) =>
  new TextEncoder().encode(`portico:device-share:v1:${userId}:${address.toLowerCase()}`)

/** The share (lowercase hex) sealed as base64url(IV ‖ ciphertext ‖ tag). */
export async function sealDeviceShare(
  key: CryptoKey,
  share: string,
  context: DeviceShareContext,
  randomBytes: (size: number) => Uint8Array,
): Promise<string> {
  const iv = randomBytes(12)
  const plaintext = Uint8Array.from(share.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: ownBytes(iv), additionalData: additionalData(context) },
    key,
    plaintext,
  )
  const out = new Uint8Array(12 + sealed.byteLength)
  out.set(iv)
  out.set(new Uint8Array(sealed), 12)
  return toBase64url(out)
}

/** The share, or undefined when it does not open: another key, another user or address, or altered bytes. */
export async function openDeviceShare(
  key: CryptoKey,
  sealed: string,
  context: DeviceShareContext,
): Promise<string | undefined> {
  try {
    const bytes = fromBase64url(sealed)
    if (bytes.length <= 12 + 16) return undefined
    const share = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, 12), additionalData: additionalData(context) },
      key,
      bytes.subarray(12),
    )
    return [...new Uint8Array(share)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  } catch {
    return undefined
  }
}
