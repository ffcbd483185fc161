import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LauncherState } from './approval-launcher.js'
import type { ApprovalPrompt } from './approval-sheet.js'
import { type ApprovalPopup, type ApprovalWindowHost, confirmInApprovalWindow } from './approval-window.js'
import {
  APPROVAL_ANSWER,
  APPROVAL_READY,
  APPROVAL_REQUEST,
  approvalRequestSchema,
} from './approval-window-messages.js'

const ORIGIN = 'https://auth.example'
const KEY = 'a'.repeat(32)
const PROMPT: ApprovalPrompt = {
  details: {
    kind: 'transaction',
    chainId: 1,
    symbol: 'ETH',
    to: '0x000000000000000000000000000000000000dEaD',
    value: 10n ** 17n,
    hasData: false,
    fee: 21_000n,
    balance: undefined,
    insufficientFunds: false,
  },
  origin: 'https://dapp.example',
  themeMode: 'dark',
}

function fakePopup() {
  const posted: { message: unknown; targetOrigin: string }[] = []
  const popup = {
    closed: false,
    focused: 0,
    posted,
    focus() {
      popup.focused += 1
    },
    close() {
      popup.closed = true
    },
    postMessage(message: unknown, targetOrigin: string) {
      posted.push({ message, targetOrigin })
    },
  }
  return popup satisfies ApprovalPopup
}

/** The frame's side of the window link, with a browser that opens `popups` in turn (null: blocked). */
function fakeHost(popups: (ReturnType<typeof fakePopup> | null)[]) {
  let listener: Parameters<ApprovalWindowHost['listen']>[0] | undefined
  let handlers: { onReview(): void; onReject(): void } | undefined
  const states: LauncherState[] = []
  const launcher = { shown: false, removed: false }
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
      launcher.shown = true
      return {
        setState: (state) => states.push(state),
        remove: () => {
          launcher.removed = true
        },
      }
    },
    randomKey: () => KEY,
  }
  return {
    host,
    states,
    launcher,
    review: () => handlers?.onReview(),
    reject: () => handlers?.onReject(),
    send: (data: unknown, source: unknown, origin = ORIGIN) => listener?.({ data, source, origin }),
    listening: () => listener !== undefined,
  }
}

const settled = async (promise: Promise<unknown>) => {
  const marker = Symbol('pending')
  return Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve(marker), 0))]).then(
    (value) => (value === marker ? 'pending' : value),
  )
}

afterEach(() => {
  vi.useRealTimers()
})

describe('approval in the wallet window', () => {
  it('opens the window on Review, hands it the request when it says ready, and takes its answer', async () => {
    const popup = fakePopup()
    const t = fakeHost([popup])
    const answer = confirmInApprovalWindow(t.host, PROMPT, new AbortController().signal)
    expect(t.launcher.shown).toBe(true)
    // Nothing opens unasked: only the visitor's click on the launcher opens the window.
    expect(t.states).toEqual([])
    t.review()
    expect(t.states).toEqual(['open'])
    t.send({ type: APPROVAL_READY }, popup)
    expect(popup.posted).toEqual([
      { message: { type: APPROVAL_REQUEST, key: KEY, prompt: PROMPT }, targetOrigin: ORIGIN },
    ])
    t.send({ type: APPROVAL_ANSWER, key: KEY, approved: true }, popup)
    await expect(answer).resolves.toBe(true)
    // The frame closes the window once it has the answer.
    expect(popup.closed).toBe(true)
    expect(t.launcher.removed).toBe(true)
    expect(t.listening()).toBe(false)
  })

  it('takes no answer but from the window it opened, on its origin, for this request', async () => {
    const popup = fakePopup()
    const t = fakeHost([popup])
    const answer = confirmInApprovalWindow(t.host, PROMPT, new AbortController().signal)
    const approve = { type: APPROVAL_ANSWER, key: KEY, approved: true }
    // Before any window is open, even the right message from a lookalike counts for nothing.
    t.send(approve, fakePopup())
    t.review()
    // The dApp page (its own window, or one it opened on the wallet's origin), another origin, another
    // request's key, or a malformed answer.
    t.send(approve, {})
    t.send(approve, fakePopup())
    t.send(approve, popup, 'https://dapp.example')
    t.send({ ...approve, key: 'b'.repeat(32) }, popup)
    t.send({ ...approve, approved: 'yes' }, popup)
    t.send({ type: APPROVAL_READY }, fakePopup())
    expect(popup.posted).toEqual([])
    await expect(settled(answer)).resolves.toBe('pending')
    t.send(approve, popup)
    await expect(answer).resolves.toBe(true)
  })

  it('rejects when the visitor closes the window', async () => {
    vi.useFakeTimers()
    const popup = fakePopup()
    const t = fakeHost([popup])
    const answer = confirmInApprovalWindow(t.host, PROMPT, new AbortController().signal, 100)
    let result: boolean | undefined
    void answer.then((value) => {
      result = value
    })
    t.review()
    popup.closed = true
    await vi.advanceTimersByTimeAsync(100)
    expect(result).toBeUndefined()
    await vi.advanceTimersByTimeAsync(500)
    await expect(answer).resolves.toBe(false)
  })

  it('takes an answer that arrives just after its window closed', async () => {
    vi.useFakeTimers()
    const popup = fakePopup()
    const t = fakeHost([popup])
    const answer = confirmInApprovalWindow(t.host, PROMPT, new AbortController().signal, 100)
    t.review()
    popup.closed = true
    await vi.advanceTimersByTimeAsync(200)
    t.send({ type: APPROVAL_ANSWER, key: KEY, approved: true }, popup)
    await expect(answer).resolves.toBe(true)
  })

  it('says so when the browser blocks the window, and opens it on the next click', async () => {
    const popup = fakePopup()
    const t = fakeHost([null, popup])
    const answer = confirmInApprovalWindow(t.host, PROMPT, new AbortController().signal)
    t.review()
    expect(t.states).toEqual(['blocked'])
    t.review()
    expect(t.states).toEqual(['blocked', 'open'])
    // Review again brings the open window forward instead of opening another.
    t.review()
    expect(popup.focused).toBe(1)
    t.reject()
    await expect(answer).resolves.toBe(false)
    expect(popup.closed).toBe(true)
  })

  it('closes the window when the dApp cancels the request', async () => {
    const popup = fakePopup()
    const t = fakeHost([popup])
    const controller = new AbortController()
    const answer = confirmInApprovalWindow(t.host, PROMPT, controller.signal)
    t.review()
    controller.abort()
    await expect(answer).resolves.toBe(false)
    expect(popup.closed).toBe(true)
    expect(t.launcher.removed).toBe(true)
    // A late answer from the closed request changes nothing.
    t.send({ type: APPROVAL_ANSWER, key: KEY, approved: true }, popup)
  })
})

describe('approval window messages', () => {
  it('carry the request whole across windows (amounts as bigints), and refuse a malformed one', () => {
    const request = { type: APPROVAL_REQUEST, key: KEY, prompt: PROMPT }
    expect(approvalRequestSchema.parse(structuredClone(request))).toEqual(request)
    const negative = { ...PROMPT, details: { ...PROMPT.details, value: -1n } }
    expect(approvalRequestSchema.safeParse({ ...request, prompt: negative }).success).toBe(false)
    expect(approvalRequestSchema.safeParse({ ...request, key: 'short' }).success).toBe(false)
    const wrongTheme = { ...PROMPT, themeMode: 'blue' }
    expect(approvalRequestSchema.safeParse({ ...request, prompt: wrongTheme }).success).toBe(false)
  })
})
