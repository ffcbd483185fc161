import {
  chainIdInputSchema,
  FRAME_ENV_GLOBAL,
  FrameError,
  frameEnvSchema,
  PARENT_NOT_SET,
  toChainIdNumber,
} from '@portico/wire'
import { showLauncher } from './approval-launcher.js'
import type { ApprovalPrompt } from './approval-sheet.js'
import { confirmInApprovalWindow } from './approval-window.js'
import { indexedDbDeviceShareKey } from './device-share-key.js'
import { exportInWindow } from './export-window.js'
import { isOriginAllowed, resolveParentOrigin } from './frame-env.js'
import { createFrameHandler } from './frame-handler.js'
import { frameLocale } from './frame-strings.js'
import type { KeyValueStorage } from './key-value-storage.js'
import { browserPasskeyCeremonies } from './passkey-ceremonies.js'
import { browserPasskeys } from './passkey-prf.js'
import { createPasskeySheet } from './passkey-sheet.js'
import { createRecoverySheet } from './recovery-sheet.js'

/** Binds the frame handler to the real window. Everything testable lives in frame-handler.ts. */
function main() {
  if (window.parent === window) throw new FrameError(PARENT_NOT_SET, 'FRAME_NOT_SET')
  const env = frameEnvSchema.safeParse((window as { [FRAME_ENV_GLOBAL]?: unknown })[FRAME_ENV_GLOBAL])
  if (!env.success) throw new Error(`Portico frame: window.${FRAME_ENV_GLOBAL} is missing or invalid`)
  const parentOrigin = resolveParentOrigin(location, document.referrer)
  // Say nothing to an embedder that is not allowed; the CSP frame-ancestors header should stop it earlier.
  if (!parentOrigin || !isOriginAllowed(env.data, parentOrigin)) {
    throw new Error(`Portico frame: origin ${parentOrigin ?? '(unknown)'} is not allowed`)
  }
  const query = new URLSearchParams(location.search)
  const chain = chainIdInputSchema.safeParse(query.get('chainId') ?? '')
  const parent = window.parent
  const handler = createFrameHandler({
    env: env.data,
    parentOrigin,
    parent,
    post: (message) => parent.postMessage(message, parentOrigin),
    storage: frameStorage(),
    // Tabs of one site share the frame's storage: their permission spends take turns under one lock.
    locks: navigator.locks,
    deviceShareKey: indexedDbDeviceShareKey(frameIndexedDb()),
    fetch: (input, init) => fetch(input, init),
    projectId: query.get('projectId') ?? '',
    confirm: (prompt, signal) => {
      // The approval window is a page of its own: it is told the language the frame speaks.
      const shown = { ...prompt, locale: frameLocale() }
      return confirmInApprovalWindow(approvalWindowHost(shown), shown, signal)
    },
    // Key export uses the same window, launched the same way; the key is shown only there.
    exportKey: (prompt, signal) =>
      exportInWindow(
        approvalWindowHost({ origin: prompt.origin, themeMode: prompt.themeMode }),
        prompt,
        signal,
      ),
    recovery: createRecoverySheet(document),
    // The frame's host (the auth service) is the passkeys' relying party: no dApp can ask for them.
    passkeys: browserPasskeys(navigator, location.hostname, (size) =>
      crypto.getRandomValues(new Uint8Array(size)),
    ),
    passkeySignIn: { ui: createPasskeySheet(document), ceremonies: browserPasskeyCeremonies(navigator) },
    ...(chain.success ? { initialChainId: toChainIdNumber(chain.data) } : {}),
  })
  window.addEventListener('message', (event) => handler.receive(event))
  handler.start()
}

/** Width and height of the approval window on a desktop (a phone opens it as a tab). */
const APPROVAL_WINDOW_SIZE = { width: 420, height: 640 }

/**
 * The approval window's link to this page: opened by this frame alone, unnamed, on this origin. `launch`
 * says what the launcher over the dApp shows: a signing request, or (without details) a key export.
 */
function approvalWindowHost(launch: Pick<ApprovalPrompt, 'origin' | 'themeMode'> & Partial<ApprovalPrompt>) {
  // Beside the frame page: /frame → /frame/approve (behind a proxy's path prefix too).
  const url = new URL(`${location.pathname.replace(/\/$/, '')}/approve`, location.origin).toString()
  return {
    origin: location.origin,
    open() {
      const { width, height } = APPROVAL_WINDOW_SIZE
      const left = Math.round(window.screenX + Math.max(0, (window.outerWidth - width) / 2))
      const top = Math.round(window.screenY + Math.max(0, (window.outerHeight - height) / 2))
      return window.open(url, '_blank', `popup,width=${width},height=${height},left=${left},top=${top}`)
    },
    listen(listener: (event: MessageEvent) => void) {
      window.addEventListener('message', listener)
      return () => window.removeEventListener('message', listener)
    },
    showLauncher: (handlers: { onReview(): void; onReject(): void }) =>
      showLauncher(document, { ...launch, host: location.host, ...handlers }),
    randomKey: () =>
      Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
        byte.toString(16).padStart(2, '0'),
      ).join(''),
  }
}

/** localStorage of the frame origin; in memory when the browser denies it (blocked third-party storage). */
function frameStorage(): KeyValueStorage {
  try {
    const probe = '@portico-frame/probe'
    localStorage.setItem(probe, '1')
    localStorage.removeItem(probe)
    return localStorage
  } catch {
    const memory = new Map<string, string>()
    return {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
      removeItem: (key) => void memory.delete(key),
    }
  }
}

/** The frame origin's IndexedDB; undefined where reading it throws (storage blocked for the frame). */
function frameIndexedDb(): IDBFactory | undefined {
  try {
    return window.indexedDB ?? undefined
  } catch {
    return undefined
  }
}

try {
  main()
} catch (error) {
  console.error(error)
}
