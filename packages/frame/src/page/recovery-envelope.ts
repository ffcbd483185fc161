import type { RecoveryEnvelope } from '@portico/wire'
import { FramePageError } from './frame-page-error.js'

/**
 * The recovery share, sealed in the frame under a secret only the user holds: a passkey's PRF output or a
 * recovery code. AES-256-GCM with a key from HKDF-SHA-256 (salt: 32 random bytes, which is also the
 * passkey's PRF input); the user id and address are the additional data, so an envelope opens only for
 * its own wallet. The service stores the envelope and cannot open it: the code has 120 random bits, so
 * no offline guessing reaches it, and the PRF output never leaves the authenticator and this frame.
 */

/** Crockford base32: no I, L, O or U, so a code read aloud or retyped is unambiguous. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const CODE_CHARACTERS = 24
const CODE_GROUP = 4

export class WrongRecoveryFactorError extends FramePageError<'WRONG_RECOVERY_FACTOR'> {
  override name = 'WrongRecoveryFactorError'
  constructor(message: string) {
    super('WRONG_RECOVERY_FACTOR', message)
  }
}

/** A new recovery code: 120 random bits as six groups of four characters. */
export function newRecoveryCode(randomBytes: (size: number) => Uint8Array): string {
  const bytes = randomBytes(15)
  let bits = 0
  let value = 0
  let code = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      code += CODE_ALPHABET[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  return groupCode(code)
}

const groupCode = (code: string) => code.match(new RegExp(`.{1,${CODE_GROUP}}`, 'g'))?.join('-') ?? code

/** The code as typed (any case, spaces or dashes, O for 0, I or L for 1), or undefined if it cannot be one. */
export function normalizeRecoveryCode(input: string): string | undefined {
  const code = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1')
  if (code.length !== CODE_CHARACTERS || [...code].some((char) => !CODE_ALPHABET.includes(char))) {
    return undefined
  }
  return groupCode(code)
}

/** The secret bytes a factor contributes: the normalised code's text, or the PRF output as is. */
export function codeSecret(code: string): Uint8Array {
  const normalized = normalizeRecoveryCode(code)
  if (!normalized) throw new WrongRecoveryFactorError('Not a recovery code')
  return new TextEncoder().encode(normalized)
}

export interface EnvelopeContext {
  userId: string
  address: string
}

const additionalData = ({ userId, address }: EnvelopeContext) =>
  new TextEncoder().encode(`portico:recovery:v1:${userId}:${address.toLowerCase()}`)

async function envelopeKey(secret: Uint8Array, salt: Uint8Array, kind: RecoveryEnvelope['kind']) {
  const material = await crypto.subtle.importKey('raw', ownBytes(secret), 'HKDF', false, ['deriveKey'])
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: ownBytes(salt),
      info: new TextEncoder().encode(`portico recovery share v1 ${kind}`),
    },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
}

/** Seals the recovery share (hex) under `secret`; `salt` is 32 random bytes (the PRF input for a passkey). */
export async function sealRecoveryShare(input: {
  share: string
  secret: Uint8Array
  salt: Uint8Array
  kind: RecoveryEnvelope['kind']
  credentialId?: string | undefined
  context: EnvelopeContext
  randomBytes: (size: number) => Uint8Array
}): Promise<RecoveryEnvelope> {
  const key = await envelopeKey(input.secret, input.salt, input.kind)
  const iv = input.randomBytes(12)
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: ownBytes(iv), additionalData: additionalData(input.context) },
    key,
    hexBytes(input.share),
  )
  return {
    kind: input.kind,
    ciphertext: toBase64url(concat(iv, new Uint8Array(sealed))),
    salt: toBase64url(input.salt),
    ...(input.credentialId ? { credentialId: input.credentialId } : {}),
  }
}

/** Opens an envelope with `secret`; WrongRecoveryFactorError when it is not the secret that sealed it. */
export async function openRecoveryShare(
  envelope: RecoveryEnvelope,
  secret: Uint8Array,
  context: EnvelopeContext,
): Promise<string> {
  const bytes = fromBase64url(envelope.ciphertext)
  const key = await envelopeKey(secret, fromBase64url(envelope.salt), envelope.kind)
  try {
    const share = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, 12), additionalData: additionalData(context) },
      key,
      bytes.subarray(12),
    )
    return [...new Uint8Array(share)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  } catch {
    throw new WrongRecoveryFactorError('This factor does not open the wallet’s recovery share')
  }
}

const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))

function concat(...parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** A copy on its own ArrayBuffer, as WebCrypto and WebAuthn take it. */
export const ownBytes = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes)

export function toBase64url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}
