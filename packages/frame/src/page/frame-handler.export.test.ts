import { getBase58Encoder } from '@solana/kit'
import { privateKeyToAddress } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import type { ExportOutcome } from './export-window.js'
import { EXPORT_ATTEMPTS } from './export-window-messages.js'
import type { ExportAnswer, KeyExportPrompt } from './key-export.js'
import { fromBase64url } from './recovery-envelope.js'
import { createFakeAuthService } from './testing/fake-auth-service.js'
import { createFakePasskeys, createFakeVisitor } from './testing/fake-visitor.js'
import { createFrameHarness } from './testing/frame-harness.js'

type User = { address: string }

/** The visitor in the export window: types each code in turn until one shows the keys. */
function exportWindow(typed: (saved: string) => string[]) {
  const answers: ExportAnswer[] = []
  const prompts: KeyExportPrompt[] = []
  let saved = ''
  const exportKey = async (prompt: KeyExportPrompt): Promise<ExportOutcome> => {
    prompts.push(prompt)
    for (const code of typed(saved)) {
      const answer = await prompt.answer({ kind: 'code', code })
      answers.push(answer)
      if (answer.status === 'revealed') return 'done'
      if (answer.status === 'locked') return 'locked'
    }
    return 'cancelled'
  }
  const setSaved = (code: string) => {
    saved = code
  }
  return { exportKey, answers, prompts, setSaved }
}

const WRONG = 'AAAA-AAAA-AAAA-AAAA-AAAA-AAAA'

describe('frame handler: key export', () => {
  it('shows the keys in the export window after the right code, and tells the dApp only that it is done', async () => {
    const window = exportWindow((saved) => [WRONG, saved])
    const h = createFrameHarness({ handler: { exportKey: window.exportKey } })
    await h.loginByEmail('kim@example.test')
    window.setSaved(h.visitor.savedCodes[0] as string)
    const { address } = (await h.ok('GET_USER')) as User

    const request = h.sendLater('EXPORT_KEY')
    expect((await request.answer()).payload).toEqual({ status: 'done' })
    expect(window.answers.map((answer) => answer.status)).toEqual(['wrong', 'revealed'])
    expect(window.answers[0]).toEqual({ status: 'wrong', attemptsLeft: EXPORT_ATTEMPTS - 1 })
    const revealed = window.answers[1]
    if (revealed?.status !== 'revealed') throw new Error('not revealed')
    expect(privateKeyToAddress(revealed.keys.evm)).toBe(address)
    expect(revealed.keys.evm).toBe(await h.privateKey())
    // The Solana keypair as wallets import it: 32 secret bytes, then the public key (the address).
    const keypair = getBase58Encoder().encode(revealed.keys.solana.secretKey)
    expect(keypair).toHaveLength(64)
    const accounts = (await h.ok('RPC_REQUEST', { method: 'solana_getAccounts' })) as { pubkey: string }[]
    expect(revealed.keys.solana.address).toBe(accounts[0]?.pubkey)

    // Nothing of the key, nor of the code, went to the dApp page.
    const posted = JSON.stringify(h.posts)
    for (const secret of [revealed.keys.evm, revealed.keys.evm.slice(2), revealed.keys.solana.secretKey]) {
      expect(posted).not.toContain(secret)
    }
    expect(posted).not.toContain(h.visitor.savedCodes[0])
    // The frame was shown over the dApp for the export (its launcher), and hidden after.
    const shown = h.posts.filter((message) => message.id === request.id && /APPROVAL_/.test(message.type))
    expect(shown.map((message) => message.type)).toEqual([
      '@portico-frame/APPROVAL_SHOW',
      '@portico-frame/APPROVAL_HIDE',
    ])
    expect(window.prompts[0]?.factor.kind).toBe('code')
    expect(window.prompts[0]?.address).toBe(address)
  })

  it('refuses a wrong code, a malformed one and a passkey output on a code wallet, then locks', async () => {
    const window = exportWindow(() => [WRONG, 'not a code', ...Array(EXPORT_ATTEMPTS).fill(WRONG)])
    const h = createFrameHarness({ handler: { exportKey: window.exportKey } })
    await h.loginByEmail('lou@example.test')
    expect(await h.ok('EXPORT_KEY')).toEqual({ status: 'locked' })
    // The malformed code counts too (the window itself stops typos before they cost a try).
    expect(
      window.answers.map((answer) => (answer.status === 'wrong' ? answer.attemptsLeft : answer.status)),
    ).toEqual([4, 3, 2, 1, 'locked'])
    expect(window.answers.every((answer) => answer.status !== 'revealed')).toBe(true)
    // Locked: the next export is refused at once, before any window, even with the right code.
    window.setSaved(h.visitor.savedCodes[0] as string)
    expect(await h.ok('EXPORT_KEY')).toEqual({ status: 'locked' })
    expect(window.prompts).toHaveLength(1)
    const prompt = window.prompts[0] as KeyExportPrompt
    expect(await prompt.answer({ kind: 'code', code: h.visitor.savedCodes[0] as string })).toEqual({
      status: 'locked',
    })
    expect(await prompt.answer({ kind: 'passkey', prf: new Uint8Array(32) })).toEqual({ status: 'locked' })
  })

  it('asks a passkey wallet for its passkey: its PRF output shows the keys, a code does not', async () => {
    const { passkeys } = createFakePasskeys()
    const answers: ExportAnswer[] = []
    const h = createFrameHarness({
      visitor: createFakeVisitor({ setUp: 'passkey' }),
      handler: {
        passkeys,
        async exportKey(prompt) {
          const { credentialId, salt, kind } = prompt.factor
          expect(kind).toBe('passkey')
          answers.push(await prompt.answer({ kind: 'code', code: WRONG }))
          const prf = await passkeys.evaluate({ credentialId: credentialId ?? '', salt: fromBase64url(salt) })
          answers.push(await prompt.answer({ kind: 'passkey', prf }))
          return answers.at(-1)?.status === 'revealed' ? 'done' : 'cancelled'
        },
      },
    })
    await h.loginByEmail('pat@example.test')
    expect(await h.ok('EXPORT_KEY')).toEqual({ status: 'done' })
    expect(answers.map((answer) => answer.status)).toEqual(['wrong', 'revealed'])
    const revealed = answers[1]
    expect(revealed?.status === 'revealed' && revealed.keys.evm).toBe(await h.privateKey())
  })

  it('answers unavailable for a wallet whose recovery share the service holds, and needs a session', async () => {
    const window = exportWindow((saved) => [saved])
    const h = createFrameHarness({
      service: createFakeAuthService({ custody: 'custodial' }),
      handler: { exportKey: window.exportKey },
    })
    const signedOut = await h.send('EXPORT_KEY')
    expect(signedOut.type).toBe('@portico-frame/EXPORT_KEY_ERROR')
    await h.loginByEmail('max@example.test')
    expect(await h.ok('EXPORT_KEY')).toEqual({ status: 'unavailable' })
    expect(window.prompts).toHaveLength(0)
  })

  it('is cancelled when the frame has no export window', async () => {
    const h = createFrameHarness()
    await h.loginByEmail('noa@example.test')
    expect(await h.ok('EXPORT_KEY')).toEqual({ status: 'cancelled' })
  })
})
