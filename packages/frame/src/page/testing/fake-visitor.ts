import {
  RecoveryCancelledError,
  type RecoverySetUpPrompt,
  type RecoveryUi,
  type RecoveryUnlockPrompt,
} from '../custody-flow.js'
import type { PasskeyCeremonies } from '../passkey-ceremonies.js'
import { type PasskeyLoginUi, PasskeySheetClosedError } from '../passkey-login.js'
import { type Passkeys, PasskeyUnavailableError } from '../passkey-prf.js'
import { toBase64url } from '../recovery-envelope.js'

/**
 * The visitor at the frame's recovery sheets, for unit tests: saves each code shown (or makes a passkey,
 * or closes the sheet) and, asked to unlock, types the codes in `typed` (default: the last code saved).
 */
export function createFakeVisitor(
  options: {
    setUp?: 'code' | 'passkey' | 'close'
    typed?: string[]
    unlock?: 'code' | 'passkey' | 'close'
    /** The choice in the passkey sheet. */
    passkey?: 'signIn' | 'create' | 'close'
  } = {},
) {
  const savedCodes: string[] = []
  const setUps: RecoverySetUpPrompt[] = []
  const unlocks: RecoveryUnlockPrompt[] = []
  const tried: string[] = []
  const state = { ...options }
  const ui: RecoveryUi = {
    async setUp(prompt) {
      setUps.push(prompt)
      if (state.setUp === 'close') throw new RecoveryCancelledError()
      if (state.setUp === 'passkey' && prompt.createPasskey) {
        await prompt.createPasskey()
        return 'passkey'
      }
      savedCodes.push(prompt.code)
      return 'code'
    },
    async unlock(prompt) {
      unlocks.push(prompt)
      if (state.unlock === 'close') throw new RecoveryCancelledError()
      if (prompt.kind === 'passkey' || state.unlock === 'passkey') {
        if (await prompt.tryPasskey()) return
        throw new RecoveryCancelledError()
      }
      for (const code of state.typed ?? savedCodes.slice(-1)) {
        tried.push(code)
        if (await prompt.tryCode(code)) return
      }
      throw new RecoveryCancelledError()
    },
  }
  const passkeySheet: PasskeyLoginUi = {
    async choose(choices) {
      if (state.passkey === 'signIn') return choices.signIn()
      if (state.passkey === 'create') return choices.create()
      throw new PasskeySheetClosedError('closed')
    },
  }
  return { ui, passkeySheet, savedCodes, setUps, unlocks, tried, state }
}
export type FakeVisitor = ReturnType<typeof createFakeVisitor>

/**
 * Passkeys of a fake platform authenticator (synced: every harness given the same one sees the same
 * credentials): PRF output = HMAC-SHA-256(credential secret, salt), as CTAP's hmac-secret does in spirit.
 */
export function createFakePasskeys(options: { available?: boolean; prf?: boolean } = {}) {
  const secrets = new Map<string, CryptoKey>()
  let counter = 0
  const prfOf = async (credentialId: string, salt: Uint8Array) => {
    const key = secrets.get(credentialId)
    if (!key) throw new PasskeyUnavailableError('No such passkey')
    return new Uint8Array(await crypto.subtle.sign('HMAC', key, new Uint8Array(salt)))
  }
  const passkeys: Passkeys = {
    available: async () => options.available ?? true,
    async create({ salt }) {
      if (options.prf === false) throw new PasskeyUnavailableError('This passkey has no PRF')
      counter += 1
      const credentialId = toBase64url(new TextEncoder().encode(`credential-${counter}-fake-passkey`))
      const raw = crypto.getRandomValues(new Uint8Array(32))
      secrets.set(
        credentialId,
        await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']),
      )
      return { credentialId, prf: await prfOf(credentialId, salt) }
    },
    async evaluate({ credentialId, salt }) {
      if (options.prf === false) throw new PasskeyUnavailableError('This passkey has no PRF')
      return prfOf(credentialId, salt)
    },
  }
  /** The same authenticator's sign-in ceremonies; `refuse` makes the next one fail as the browser would. */
  const control: { refuse?: string | undefined } = {}
  const makeKey = async () => {
    counter += 1
    const credentialId = toBase64url(new TextEncoder().encode(`credential-${counter}-fake-passkey`))
    const raw = crypto.getRandomValues(new Uint8Array(32))
    secrets.set(
      credentialId,
      await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']),
    )
    return credentialId
  }
  const refuse = () => {
    const name = control.refuse
    if (name) throw new DOMException('The operation either timed out or was not allowed.', name)
  }
  const ceremonies: PasskeyCeremonies = {
    supported: () => options.available ?? true,
    async create(_options, prfSalt) {
      refuse()
      const credentialId = await makeKey()
      const response = {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key' as const,
        response: { clientDataJSON: 'e30', attestationObject: 'oA' },
        clientExtensionResults: {},
      }
      return {
        credentialId,
        response,
        prf: options.prf === false ? undefined : await prfOf(credentialId, prfSalt),
      }
    },
    async get(_options, prfSalt) {
      refuse()
      const credentialId = [...secrets.keys()].at(-1)
      if (!credentialId) throw new DOMException('No passkey', 'NotAllowedError')
      const response = {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key' as const,
        response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
        clientExtensionResults: {},
      }
      return {
        credentialId,
        response,
        prf: options.prf === false ? undefined : await prfOf(credentialId, prfSalt),
      }
    },
  }
  return { passkeys, ceremonies, control, forget: () => secrets.clear() }
}
