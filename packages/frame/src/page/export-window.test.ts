import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LauncherState } from './approval-launcher.js'
import type { ApprovalPopup, ApprovalWindowHost } from './approval-window.js'
import { APPROVAL_READY } from './approval-window-messages.js'
import { exportInWindow } from './export-window.js'
import {
  EXPORT_CANCEL,
  EXPORT_FACTOR,
  EXPORT_REQUEST,
  EXPORT_RESULT,
  type ExportFactor,
  exportRequestSchema,
  exportResultSchema,
} from './export-window-messages.js'
import type { KeyExportPrompt } from './key-export.js'

const ORIGIN = 'https://auth.example'
const KEY = 'b'.repeat(32)
const EVM = `0x${'1f'.repeat(32)}` as const
const SOLANA = { address: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T', secretKey: '5'.repeat(88) }
const RIGHT = 'RIGH-TCOD-E000-0000-0000-0000'

function fakePopup() {
  const posted: { message: unknown; targetOrigin: string }[] = []
  const popup = {
    closed: false,
    posted,
    focus() {},
    close() {
      popup.closed = true
    },
    postMessage(message: unknown, targetOrigin: string) {
      posted.push({ message, targetOrigin })
    },
  }
  return popup satisfies ApprovalPopup
}

function setUp(popups: (ReturnType<typeof fakePopup> | null)[]) {
  let listener: Parameters<ApprovalWindowHost['listen']>[0] | undefined
  let handlers: { onReview(): void; onReject(): void } | undefined
  const states: LauncherState[] = []
  const launcher = { removed: false }
  const host: ApprovalWindowHost = {
    origin: ORIGIN,
    open: () => popups.shift() ?? null,
    listen(next) {
      listener = next
      return () => {
        listener = undefined
      }
    },
    showLauncher(next) {
      handlers = next
      return {
        setState: (state) => states.push(state),
        remove() {
          launcher.removed = true
        },
      }
    },
    randomKey: () => KEY,
  }
  const factors: ExportFactor[] = []
  const prompt: KeyExportPrompt = {
    factor: { kind: 'code', salt: 'c2FsdA' },
    address: '0x000000000000000000000000000000000000dEaD',
    origin: 'https://dapp.example',
    themeMode: 'dark',
    async answer(factor) {
      factors.push(factor)
      return factor.kind === 'code' && factor.code === RIGHT
        ? { status: 'revealed', keys: { evm: EVM, solana: SOLANA } }
        : { status: 'wrong', attemptsLeft: 3 }
    },
  }
  return {
    host,
    prompt,
    factors,
    states,
    launcher,
    review: () => handlers?.onReview(),
    reject: () => handlers?.onReject(),
    send: (data: unknown, source: unknown, origin = ORIGIN) => listener?.({ data, source, origin }),
  }
}

afterEach(() => vi.useRealTimers())

describe('key export in the wallet window', () => {
  it('hands the request to its own window, checks each factor there, and keeps the window open on the keys', async () => {
    const popup = fakePopup()
    const t = setUp([popup])
    const outcome = exportInWindow(t.host, t.prompt, new AbortController().signal)
    t.review()
    expect(t.states).toEqual(['open'])
    t.send({ type: APPROVAL_READY }, popup)
    const request = exportRequestSchema.parse(popup.posted[0]?.message)
    expect(request).toMatchObject({ type: EXPORT_REQUEST, key: KEY, factor: { kind: 'code' } })
    expect(popup.posted[0]?.targetOrigin).toBe(ORIGIN)

    t.send(
      { type: EXPORT_FACTOR, key: KEY, factor: { kind: 'code', code: 'WRON-GCOD-E000-0000-0000-0000' } },
      popup,
    )
    await vi.waitFor(() => expect(popup.posted).toHaveLength(2))
    expect(exportResultSchema.parse(popup.posted[1]?.message).answer).toEqual({
      status: 'wrong',
      attemptsLeft: 3,
    })

    t.send({ type: EXPORT_FACTOR, key: KEY, factor: { kind: 'code', code: RIGHT } }, popup)
    expect(await outcome).toBe('done')
    const result = exportResultSchema.parse(popup.posted[2]?.message)
    expect(result).toMatchObject({ type: EXPORT_RESULT, key: KEY, answer: { status: 'revealed' } })
    expect(popup.closed).toBe(false)
    expect(t.launcher.removed).toBe(true)
  })

  it('ignores factors from any other window, origin or export, and malformed ones', async () => {
    const popup = fakePopup()
    const t = setUp([popup])
    const outcome = exportInWindow(t.host, t.prompt, new AbortController().signal)
    const factor = { type: EXPORT_FACTOR, key: KEY, factor: { kind: 'code', code: RIGHT } }
    // Before the window is open, nothing counts.
    t.send(factor, popup)
    t.review()
    t.send(factor, { name: 'the dApp page' })
    t.send(factor, popup, 'https://dapp.example')
    t.send({ ...factor, key: 'c'.repeat(32) }, popup)
    t.send({ ...factor, factor: { kind: 'code', code: 'x'.repeat(65) } }, popup)
    t.send({ type: APPROVAL_READY }, { name: 'another window' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(t.factors).toEqual([])
    expect(popup.posted).toEqual([])
    t.send({ type: EXPORT_CANCEL, key: KEY }, popup)
    expect(await outcome).toBe('cancelled')
    expect(popup.closed).toBe(true)
  })

  it('is cancelled when the visitor closes the window or the launcher, or the browser blocks it', async () => {
    vi.useFakeTimers()
    const popup = fakePopup()
    const closed = setUp([popup])
    const byClosing = exportInWindow(closed.host, closed.prompt, new AbortController().signal, 10)
    closed.review()
    popup.closed = true
    await vi.advanceTimersByTimeAsync(1000)
    expect(await byClosing).toBe('cancelled')

    const blocked = setUp([null])
    const byLauncher = exportInWindow(blocked.host, blocked.prompt, new AbortController().signal)
    blocked.review()
    expect(blocked.states).toEqual(['blocked'])
    blocked.reject()
    expect(await byLauncher).toBe('cancelled')
  })
})
