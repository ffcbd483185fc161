import { type Custody, type RecoveryEnvelope, rekeyMessage } from '@portico/wire'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { AuthApiError, type AuthClient } from './auth-client.js'
import { FramePageError } from './frame-page-error.js'
import type { FrameVault } from './frame-vault.js'
import type { SignInPasskeySecret } from './passkey-login.js'
import { type Passkeys, PasskeyUnavailableError } from './passkey-prf.js'
import {
  codeSecret,
  type EnvelopeContext,
  fromBase64url,
  newRecoveryCode,
  openRecoveryShare,
  sealRecoveryShare,
  WrongRecoveryFactorError,
} from './recovery-envelope.js'
import { combineShares, createWalletShares, splitWalletKey } from './wallet-keys.js'

/**
 * Where the embedded wallet's key is rebuilt, and from what: only here, in the frame. The device share
 * is in the frame's storage; the auth share comes from the service; the recovery share is sealed here
 * under the user's passkey or recovery code (user-held custody), so the service alone never holds two.
 */

export interface RecoverySetUpPrompt {
  /** The recovery code to show once: the fallback, and the only factor where no passkey can be made. */
  code: string
  /** Makes a passkey that seals the recovery share instead; absent where this browser cannot. */
  createPasskey?: (() => Promise<void>) | undefined
}

export interface RecoveryUnlockPrompt {
  kind: RecoveryEnvelope['kind']
  /** True when the code opens the wallet. */
  tryCode(code: string): Promise<boolean>
  /** True when the passkey opened it; false when none answered or it is not this wallet's. */
  tryPasskey(): Promise<boolean>
}

/** The frame's own surface for recovery: `recovery-sheet.ts` in the page, a stand-in in tests. */
export interface RecoveryUi {
  /** Resolves with the factor the visitor set up; rejects RecoveryCancelledError when they close it. */
  setUp(prompt: RecoverySetUpPrompt, signal: AbortSignal): Promise<'passkey' | 'code'>
  /** Resolves once a try succeeded; rejects RecoveryCancelledError when the visitor gives up. */
  unlock(prompt: RecoveryUnlockPrompt, signal: AbortSignal): Promise<void>
}

export class RecoveryCancelledError extends FramePageError<'RECOVERY_CANCELLED'> {
  override name = 'RecoveryCancelledError'
  constructor() {
    super('RECOVERY_CANCELLED', 'The wallet was not opened: sign in again to continue')
  }
}

/** The wallet needs the visitor (a factor to set up or to enter), but no visitor's action asked. */
export class RecoveryNeedsVisitorError extends FramePageError<'RECOVERY_NEEDS_VISITOR'> {
  override name = 'RecoveryNeedsVisitorError'
  constructor() {
    super('RECOVERY_NEEDS_VISITOR', 'Sign in again on this device to open your wallet')
  }
}

export interface CustodyContext {
  auth: AuthClient
  vault: FrameVault
  ui: RecoveryUi | undefined
  passkeys: Passkeys | undefined
  randomBytes: (size: number) => Uint8Array
  /** Shows the frame over the dApp while `show` runs; undefined when the request is not a visitor's. */
  surface: (<T>(show: (signal: AbortSignal) => Promise<T>) => Promise<T>) | undefined
  /**
   * The passkey the visitor just signed in with, and its PRF output: one touch signs in and seals a
   * new wallet's recovery share (or opens it on a new device), with no sheet of its own.
   */
  signInPasskey?: SignInPasskeySecret | undefined
}

export interface WalletUser {
  id: string
  /** How a passkey names the account in the visitor's password manager. */
  label: string
}

type StoredWallet = NonNullable<Awaited<ReturnType<AuthClient['getKeys']>>['wallet']>

/** The user's private key on this device: made first if the user has no wallet, recovered if needed. */
export async function openWallet(ctx: CustodyContext, user: WalletUser): Promise<Hex> {
  let { custody, wallet: stored } = await ctx.auth.getKeys()
  if (!stored) {
    try {
      return await createWallet(ctx, user, custody)
    } catch (error) {
      // Another device created the wallet first: use theirs.
      if (!(error instanceof AuthApiError && error.code === 'CONFLICT')) throw error
      ;({ custody, wallet: stored } = await ctx.auth.getKeys())
      if (!stored) throw error
    }
  }
  const local = await ctx.vault.deviceShare(user.id)
  if (local && local.address.toLowerCase() === stored.address.toLowerCase()) {
    const privateKey = await combineShares(local.share, stored.authShare, stored.address).catch(
      () => undefined,
    )
    if (privateKey) {
      // A wallet from before user-held custody moves to the user's own factor at a sign-in here.
      if (custody === 'user-held' && stored.sealedRecoveryShare && ctx.surface) {
        await migrate(ctx, user, stored, privateKey)
      }
      return privateKey
    }
    // A damaged device share: recover below.
  }
  if (stored.recovery) return recoverWithFactor(ctx, user, stored, stored.recovery)
  // The service holds the recovery share (custodial, or not migrated): its step-up path.
  const recovered = await ctx.auth.recoverKeys()
  if (recovered.address.toLowerCase() !== stored.address.toLowerCase()) {
    throw new Error('Wallet key does not match the stored address')
  }
  const privateKey = await combineShares(recovered.authShare, recovered.recoveryShare, stored.address)
  const migrated =
    custody === 'user-held' && ctx.surface !== undefined && (await migrate(ctx, user, stored, privateKey))
  if (!migrated)
    await ctx.vault.setDeviceShare(user.id, { address: stored.address, share: recovered.recoveryShare })
  return privateKey
}

async function createWallet(ctx: CustodyContext, user: WalletUser, custody: Custody): Promise<Hex> {
  const shares = await createWalletShares()
  const { address, authShare } = shares
  if (custody === 'custodial') {
    await ctx.auth.storeKeys({ address, authShare, recoveryShare: shares.recoveryShare })
  } else {
    const context = { userId: user.id, address }
    const recovery = await setUpRecovery(ctx, user, shares.recoveryShare, context)
    await ctx.auth.storeKeys({ address, authShare, recovery })
  }
  await ctx.vault.setDeviceShare(user.id, { address, share: shares.deviceShare })
  return shares.privateKey
}

/**
 * New device: the visitor opens the recovery share with their factor; the key is split anew, so this
 * device gets a share of its own and the lost device's share stops combining with the service's.
 */
async function recoverWithFactor(
  ctx: CustodyContext,
  user: WalletUser,
  stored: StoredWallet,
  envelope: RecoveryEnvelope,
): Promise<Hex> {
  const context = { userId: user.id, address: stored.address }
  const { share, secret } =
    (await openWithSignInPasskey(ctx, envelope, context)) ?? (await unlockRecovery(ctx, envelope, context))
  const privateKey = await combineShares(stored.authShare, share, stored.address)
  await rekey(ctx, user.id, stored, privateKey, (next) =>
    sealRecoveryShare({
      share: next,
      secret,
      salt: fromBase64url(envelope.salt),
      kind: envelope.kind,
      credentialId: envelope.credentialId,
      context,
      randomBytes: ctx.randomBytes,
    }),
  )
  return privateKey
}

/** Moves a wallet the service could rebuild to the user's own factor. False if it did not happen. */
async function migrate(ctx: CustodyContext, user: WalletUser, stored: StoredWallet, privateKey: Hex) {
  const context = { userId: user.id, address: stored.address }
  try {
    await rekey(ctx, user.id, stored, privateKey, (share) => setUpRecovery(ctx, user, share, context))
    return true
  } catch {
    // Closed, or the service did not answer: the wallet works as it is, and asks again next sign-in.
    return false
  }
}

/** A new split of the same key, signed by it; the device share is kept once the service took the rest. */
async function rekey(
  ctx: CustodyContext,
  userId: string,
  stored: StoredWallet,
  privateKey: Hex,
  seal: (recoveryShare: string) => Promise<RecoveryEnvelope>,
) {
  const next = await splitWalletKey(privateKey)
  const recovery = await seal(next.recoveryShare)
  const message = rekeyMessage({
    userId,
    address: stored.address,
    currentAuthShare: stored.authShare,
    authShare: next.authShare,
    recovery,
  })
  const signature = await privateKeyToAccount(privateKey).signMessage({ message })
  await ctx.auth.rekey({ authShare: next.authShare, recovery, signature })
  await ctx.vault.setDeviceShare(userId, { address: stored.address, share: next.deviceShare })
}

function requireSurface(ctx: CustodyContext) {
  if (!ctx.ui || !ctx.surface) throw new RecoveryNeedsVisitorError()
  return { ui: ctx.ui, surface: ctx.surface }
}

/** The envelope opened by the sign-in's own passkey touch, when it is that passkey's; else undefined. */
async function openWithSignInPasskey(
  ctx: CustodyContext,
  envelope: RecoveryEnvelope,
  context: EnvelopeContext,
): Promise<{ share: string; secret: Uint8Array } | undefined> {
  const passkey = ctx.signInPasskey
  if (
    !passkey ||
    envelope.kind !== 'passkey' ||
    envelope.credentialId !== passkey.credentialId ||
    envelope.salt !== passkey.salt
  ) {
    return undefined
  }
  try {
    return { share: await openRecoveryShare(envelope, passkey.prf, context), secret: passkey.prf }
  } catch (error) {
    if (error instanceof WrongRecoveryFactorError) return undefined
    throw error
  }
}

/**
 * The visitor sets up the factor that seals the recovery share: a passkey, or the code shown once. A
 * passkey account's wallet is sealed under the passkey it signed in with, at once.
 */
async function setUpRecovery(
  ctx: CustodyContext,
  user: WalletUser,
  share: string,
  context: EnvelopeContext,
): Promise<RecoveryEnvelope> {
  if (ctx.signInPasskey) {
    const { credentialId, prf, salt } = ctx.signInPasskey
    return sealRecoveryShare({
      share,
      secret: prf,
      salt: fromBase64url(salt),
      kind: 'passkey',
      credentialId,
      context,
      randomBytes: ctx.randomBytes,
    })
  }
  const { ui, surface } = requireSurface(ctx)
  const { randomBytes } = ctx
  const code = newRecoveryCode(randomBytes)
  const passkeys = ctx.passkeys && (await ctx.passkeys.available()) ? ctx.passkeys : undefined
  let sealedByPasskey: RecoveryEnvelope | undefined
  const createPasskey =
    passkeys &&
    (async () => {
      const salt = randomBytes(32)
      const { credentialId, prf } = await passkeys.create({ userId: user.id, userName: user.label, salt })
      sealedByPasskey = await sealRecoveryShare({
        share,
        secret: prf,
        salt,
        kind: 'passkey',
        credentialId,
        context,
        randomBytes,
      })
    })
  const choice = await surface((signal) => ui.setUp({ code, createPasskey }, signal))
  if (choice === 'passkey' && sealedByPasskey) return sealedByPasskey
  const secret = codeSecret(code)
  return sealRecoveryShare({ share, secret, salt: randomBytes(32), kind: 'code', context, randomBytes })
}

/** The visitor opens the recovery envelope with their passkey or code, retrying as often as they like. */
async function unlockRecovery(
  ctx: CustodyContext,
  envelope: RecoveryEnvelope,
  context: EnvelopeContext,
): Promise<{ share: string; secret: Uint8Array }> {
  const { ui, surface } = requireSurface(ctx)
  let opened: { share: string; secret: Uint8Array } | undefined
  const attempt = async (secret: Uint8Array) => {
    try {
      opened = { share: await openRecoveryShare(envelope, secret, context), secret }
      return true
    } catch (error) {
      if (error instanceof WrongRecoveryFactorError) return false
      throw error
    }
  }
  const prompt: RecoveryUnlockPrompt = {
    kind: envelope.kind,
    async tryCode(code) {
      if (envelope.kind !== 'code') return false
      let secret: Uint8Array
      try {
        secret = codeSecret(code)
      } catch {
        return false
      }
      return attempt(secret)
    },
    async tryPasskey() {
      const { credentialId } = envelope
      if (envelope.kind !== 'passkey' || !ctx.passkeys || !credentialId) return false
      try {
        return await attempt(
          await ctx.passkeys.evaluate({ credentialId, salt: fromBase64url(envelope.salt) }),
        )
      } catch (error) {
        if (error instanceof PasskeyUnavailableError) return false
        throw error
      }
    },
  }
  await surface((signal) => ui.unlock(prompt, signal))
  if (!opened) throw new RecoveryCancelledError()
  return opened
}
