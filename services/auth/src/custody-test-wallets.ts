import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto'
import type { RecoveryEnvelope } from '@portico/wire'
import { combine, split } from 'shamir-secret-sharing'
import { bytesToHex, type Hex, hexToBytes } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'

const toShare = (bytes: Uint8Array) => bytesToHex(bytes).slice(2)

/**
 * A wallet as the frame makes one (for the service's tests): a fresh key split 2-of-3, the recovery
 * share sealed under a recovery code that only the "user" (the test) knows.
 */
export async function frameMadeWallet(userId: string) {
  const privateKey = generatePrivateKey()
  const address = privateKeyToAddress(privateKey)
  const [device, auth, recovery] = await split(hexToBytes(privateKey), 3, 2)
  if (!device || !auth || !recovery) throw new Error('split failed')
  const code = randomBytes(16).toString('hex')
  const salt = randomBytes(32)
  const key = Buffer.from(hkdfSync('sha256', code, salt, 'portico recovery share v1 code', 32))
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(`portico:recovery:v1:${userId}:${address.toLowerCase()}`))
  const sealed = Buffer.concat([iv, cipher.update(recovery), cipher.final(), cipher.getAuthTag()])
  const envelope: RecoveryEnvelope = {
    kind: 'code',
    ciphertext: sealed.toString('base64url'),
    salt: salt.toString('base64url'),
  }
  return {
    privateKey,
    address,
    deviceShare: toShare(device),
    authShare: toShare(auth),
    recoveryShare: toShare(recovery),
    envelope,
  }
}

/** The 33-byte shares (66 hex digits) of a 32-byte key, found anywhere in `texts`. */
export function shareCandidates(texts: string[]): string[] {
  const found = new Set<string>()
  for (const text of texts) for (const match of text.matchAll(/[0-9a-f]{66}/g)) found.add(match[0])
  return [...found]
}

/** Whether any two of `candidates` rebuild the key of `address`: what an attacker would try. */
export async function rebuildsKey(candidates: string[], address: string): Promise<Hex | undefined> {
  for (const [index, first] of candidates.entries()) {
    for (const second of candidates.slice(index + 1)) {
      let key: Hex
      try {
        key = bytesToHex(await combine([hexToBytes(`0x${first}`), hexToBytes(`0x${second}`)]))
      } catch {
        continue
      }
      if (key.length === 66 && privateKeyToAddress(key).toLowerCase() === address.toLowerCase()) return key
    }
  }
  return undefined
}
