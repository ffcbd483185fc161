import type { RecoveryEnvelope } from '@portico/wire'
import { getBase58Decoder } from '@solana/kit'
import { type Hex, hexToBytes } from 'viem'
import { EXPORT_ATTEMPTS, EXPORT_LOCK_MS, type ExportFactor } from './export-window-messages.js'
import {
  codeSecret,
  type EnvelopeContext,
  openRecoveryShare,
  WrongRecoveryFactorError,
} from './recovery-envelope.js'
import { deriveSolanaKey, SOLANA_DERIVATION_PATH, slip10Ed25519 } from './solana-keys.js'

/**
 * Key export: the wallet's private keys, shown to the visitor in the wallet's own window once they
 * confirmed the wallet's recovery factor there. The factor is proved by opening the recovery envelope
 * with it (AES-GCM: only the secret that sealed it opens it), so no one at an unlocked screen with the
 * session alone can read the key. Wrong factors are counted per user, and export locks for a while after
 * a few.
 */

/** The keys as wallets import them: the EVM key as 0x hex, the Solana keypair as base58 (64 bytes). */
export interface ExportedKeys {
  evm: Hex
  solana: { address: string; secretKey: string }
}

export type ExportAnswer =
  | { status: 'revealed'; keys: ExportedKeys }
  | { status: 'wrong'; attemptsLeft: number }
  | { status: 'locked' }

/** An export as the export window needs it: which factor to ask for, and the check of what was given. */
export interface KeyExportPrompt {
  factor: { kind: RecoveryEnvelope['kind']; credentialId?: string | undefined; salt: string }
  /** The wallet's EVM address, shown beside the key. */
  address: string
  /** The dApp's origin, as the browser reports the frame's parent. */
  origin: string
  themeMode: 'light' | 'dark'
  locale?: string
  /** Checks a factor; reveals the keys only when it opens the wallet's recovery envelope. */
  answer(factor: ExportFactor): Promise<ExportAnswer>
}

export function exportedKeys(privateKey: Hex): ExportedKeys {
  const secret = hexToBytes(privateKey)
  const solana = deriveSolanaKey(secret)
  const keypair = new Uint8Array(64)
  keypair.set(slip10Ed25519(secret, SOLANA_DERIVATION_PATH))
  keypair.set(solana.publicKey, 32)
  return {
    evm: privateKey,
    solana: { address: solana.address, secretKey: getBase58Decoder().decode(keypair) },
  }
}

/** Wrong factors per user, in the frame's memory: a few tries, then a pause before the next. */
export function createExportAttempts(now: () => number) {
  const failures = new Map<string, { count: number; lockedUntil: number }>()
  const entry = (userId: string) => {
    const current = failures.get(userId)
    if (current && current.lockedUntil !== 0 && now() >= current.lockedUntil) failures.delete(userId)
    return failures.get(userId) ?? { count: 0, lockedUntil: 0 }
  }
  return {
    locked: (userId: string) => entry(userId).lockedUntil > now(),
    /** Counts a wrong factor; answers how many tries are left (0: now locked). */
    fail(userId: string): number {
      const current = entry(userId)
      const count = current.count + 1
      const left = Math.max(0, EXPORT_ATTEMPTS - count)
      failures.set(userId, { count, lockedUntil: left === 0 ? now() + EXPORT_LOCK_MS : 0 })
      return left
    },
    succeed: (userId: string) => void failures.delete(userId),
  }
}
export type ExportAttempts = ReturnType<typeof createExportAttempts>

/**
 * The check behind `KeyExportPrompt.answer`: the factor must open `envelope` for this user and address;
 * only then does `reveal` run. One check at a time, so parallel guesses cannot outrun the count.
 */
export function exportFactorCheck(input: {
  envelope: RecoveryEnvelope
  context: EnvelopeContext
  attempts: ExportAttempts
  reveal: () => ExportedKeys
}): (factor: ExportFactor) => Promise<ExportAnswer> {
  const { envelope, context, attempts } = input
  let queue: Promise<unknown> = Promise.resolve()
  const check = async (factor: ExportFactor): Promise<ExportAnswer> => {
    if (attempts.locked(context.userId)) return { status: 'locked' }
    if (await opens(envelope, factor, context)) {
      attempts.succeed(context.userId)
      return { status: 'revealed', keys: input.reveal() }
    }
    const attemptsLeft = attempts.fail(context.userId)
    return attemptsLeft === 0 ? { status: 'locked' } : { status: 'wrong', attemptsLeft }
  }
  return (factor) => {
    const turn = queue.then(() => check(factor))
    queue = turn.catch(() => {})
    return turn
  }
}

async function opens(envelope: RecoveryEnvelope, factor: ExportFactor, context: EnvelopeContext) {
  if (factor.kind !== envelope.kind) return false
  try {
    const secret = factor.kind === 'code' ? codeSecret(factor.code) : factor.prf
    await openRecoveryShare(envelope, secret, context)
    return true
  } catch (error) {
    if (error instanceof WrongRecoveryFactorError) return false
    throw error
  }
}
