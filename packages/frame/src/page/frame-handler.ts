import {
  type AppEventName,
  type AppMessage,
  type AuthUser,
  type EmbeddedUser,
  errorEventType,
  FRAME_APPROVAL_HIDE,
  FRAME_APPROVAL_SHOW,
  FRAME_READY,
  FRAME_SESSION_UPDATE,
  type FrameEnv,
  FrameError,
  type FrameErrorPayload,
  type FrameErrorReason,
  type FrameSuccessPayload,
  frameErrorPayload,
  isAllowedMethod,
  isSafeMethod,
  type LoginResult,
  type PreferredAccountType,
  parseAppMessage,
  REQUEST_ABORTED,
  RPC_NOT_ALLOWED,
  SOCIAL_WINDOW_CLOSED,
  SOLANA_GET_ACCOUNTS,
  STEP_UP_REQUIRED,
  successEventType,
  toChainIdNumber,
} from '@portico/wire'
import { bytesToHex, type Hex, hexToBytes, type LocalAccount, sha256, stringToBytes } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  type ApprovalDetails,
  describeApproval,
  paysFromBalance,
  SIGNING_METHODS,
} from './approval-request.js'
import type { ApprovalPrompt } from './approval-sheet.js'
import { AuthApiError, authErrorMessage, createAuthClient, type FetchLike } from './auth-client.js'
import { createSentCalls, describeCallsStatus } from './calls-status-details.js'
import { openWallet, RecoveryCancelledError, type RecoveryUi } from './custody-flow.js'
import type { DeviceShareKey } from './device-share-key.js'
import type { ExportOutcome } from './export-window.js'
import { chainEndpoints, isOriginAllowed, rpcUrlFor } from './frame-env.js'
import { frameLocale, frameText, requestedLocale, setFrameLocale } from './frame-strings.js'
import { createFrameVault, type SocialFlow } from './frame-vault.js'
import { jsonRpc, RpcError } from './json-rpc.js'
import { createExportAttempts, exportedKeys, exportFactorCheck, type KeyExportPrompt } from './key-export.js'
import type { KeyValueStorage } from './key-value-storage.js'
import type { PasskeyCeremonies } from './passkey-ceremonies.js'
import { loginWithPasskey, type PasskeyLoginUi, type SignInPasskeySecret } from './passkey-login.js'
import type { Passkeys } from './passkey-prf.js'
import type { PermissionLocks } from './permissions/permission-lock.js'
import { listPermissions, revokePermission } from './permissions/permission-messages.js'
import { permissionRpcFor } from './permissions/permission-rpc.js'
import { createPermissionStore } from './permissions/permission-store.js'
import { createSmartAccountChoice } from './smart-account-choice.js'
import { delegationStateOf, SIMPLE_7702_ACCOUNT } from './smart-account-delegation.js'
import {
  delegationState,
  describeUpgrade,
  smartAccountChains,
  upgradeAccount,
} from './smart-account-upgrade.js'
import { answerSocialBind } from './social-flow-proof.js'
import { describeSolanaRequest } from './solana-approval.js'
import { solanaRpcUrlFor } from './solana-clusters.js'
import { deriveSolanaKey, type SolanaKey } from './solana-keys.js'
import {
  handleSolanaRequest,
  parseSolanaRequest,
  SOLANA_SIGNING_METHODS,
  type SolanaContext,
} from './solana-request.js'
import type { WalletRpcContext } from './wallet-context.js'
import { handleWalletRpc } from './wallet-rpc.js'

export interface FrameOutgoingMessage {
  type: string
  id?: string
  payload?: unknown
}

export interface FrameIncomingEvent {
  data: unknown
  origin: string
  source: unknown
}

export interface FrameHandlerOptions {
  env: FrameEnv
  /** Origin of the embedding dApp; must be allowed by `env.allowedOrigins`. */
  parentOrigin: string
  /** `window.parent`: app events are accepted only from this exact window. */
  parent: unknown
  /** Posts to the parent at `parentOrigin` (never `*`). */
  post: (message: FrameOutgoingMessage) => void
  /** The frame origin's own storage (partitioned per dApp site by the browser). */
  storage: KeyValueStorage
  /**
   * The non-extractable key that wraps the device shares in `storage`: in the page, the one kept in the
   * frame's IndexedDB; by default one for the handler's life (the shares then do not outlive it).
   */
  deviceShareKey?: DeviceShareKey
  fetch: FetchLike
  now?: () => number
  projectId?: string
  initialChainId?: number
  randomBytes?: (size: number) => Uint8Array
  /** How long CONNECT_DEVICE / CONNECT_SOCIAL / CONNECT_FARCASTER keep polling. */
  longPollMs?: number
  /** Pause between polls when the service answers at once or fails. */
  pollDelayMs?: number
  /**
   * Once a social flow is abandoned (its window closed), how long a poll may still take to bring a
   * result: the service checks every 200 ms, so a result stored before the close comes within it.
   */
  lastLookMs?: number
  /**
   * Shows a signing request to the visitor and resolves true on their approval: in the page, the wallet's
   * own approval window, which the frame's launcher opens (`approval-window.ts`). Without it every
   * signing request is refused.
   */
  confirm?: (prompt: ApprovalPrompt, signal: AbortSignal) => Promise<boolean>
  /**
   * The browser's Web Locks (`navigator.locks`): every tab's frame of this origin takes the same lock to
   * check and record a spend under a permission. Without it a spend is serialized within this page only.
   */
  locks?: PermissionLocks
  /** The frame's own sheets that set up and ask for the recovery factor (`recovery-sheet.ts`). */
  recovery?: RecoveryUi
  /** This browser's passkeys, for the frame's host as relying party (`passkey-prf.ts`). */
  passkeys?: Passkeys
  /**
   * Shows a key export in the wallet's own window, where the visitor confirms the recovery factor and sees
   * the keys (`export-window.ts`). Without it every export is answered `cancelled`.
   */
  exportKey?: (prompt: KeyExportPrompt, signal: AbortSignal) => Promise<ExportOutcome>
  /**
   * Passkey sign-in: the frame's sheet (`passkey-sheet.ts`) and the browser's ceremonies
   * (`passkey-ceremonies.ts`). Without it CONNECT_PASSKEY fails with PASSKEY_UNSUPPORTED.
   */
  passkeySignIn?: { ui: PasskeyLoginUi; ceremonies: PasskeyCeremonies }
}

/** EIP-5792: the wallet shows a batch's status in its own window, then answers null. */
const SHOW_CALLS_STATUS = 'wallet_showCallsStatus'

/** The message a social-login callback page (on the auth origin) sends to wake the frame's poll. */
export const SOCIAL_DONE_MESSAGE_TYPE = 'portico:social-done'
export const NOT_CONNECTED = 'User is not connected'
export const SMART_ACCOUNT_UNAVAILABLE = 'Smart accounts are not available in this wallet'
export const USER_REJECTED = 'User rejected the request.'
/**
 * EIP-1474's "transaction rejected": the request was fine, the account cannot pay. (Not -32000, "invalid
 * input": viem answers that by retrying as wallet_sendTransaction.)
 */
const INSUFFICIENT_FUNDS_RPC_CODE = -32003
/** A poll request the flow's abandonment ended after its last look, unanswered. */
const CUT_SHORT = Symbol('cut short')
/** How long one chain may take to say whether it has the smart-account code, or what an account runs. */
const CHAIN_PROBE_TIMEOUT_MS = 5000

/**
 * The signed-in user's keys, held in memory only: the EVM account and the Solana key derived beside it,
 * and the key itself, which leaves the frame only to the export window (`export-window.ts`).
 */
type Loaded = { userId: string; account: LocalAccount; solana: SolanaKey; privateKey: Hex }

const loaded = (userId: string, privateKey: Hex): Loaded => ({
  userId,
  privateKey,
  account: privateKeyToAccount(privateKey),
  solana: deriveSolanaKey(hexToBytes(privateKey)),
})

/** All frame-page behaviour, free of the DOM: `main.ts` binds it to `window`. */
export function createFrameHandler(options: FrameHandlerOptions) {
  const { env, parentOrigin, post } = options
  if (!isOriginAllowed(env, parentOrigin)) {
    throw new FrameError(`Portico frame: origin ${parentOrigin} is not allowed`, 'FRAME_NOT_SET')
  }
  const now = options.now ?? Date.now
  const randomBytes = options.randomBytes ?? ((size) => crypto.getRandomValues(new Uint8Array(size)))
  const longPollMs = options.longPollMs ?? 4.5 * 60_000
  const pollDelayMs = options.pollDelayMs ?? 1000
  const lastLookMs = options.lastLookMs ?? 350
  const projectId = options.projectId ?? ''
  const authOrigin = new URL(env.authUrl).origin
  const vault = createFrameVault(options.storage, randomBytes, options.deviceShareKey)
  const auth = createAuthClient({
    authUrl: env.authUrl,
    fetch: options.fetch,
    getToken: () => vault.session()?.token,
    getLocale: requestedLocale,
  })

  // In-memory state; the private key lives only here, inside `wallet`.
  let wallet: { userId: string; promise: Promise<Loaded> } | undefined
  let cachedUser: AuthUser | undefined
  /** The user whose wallet waits for a step-up code on this device: recovery is not retried before. */
  let stepUpUserId: string | undefined
  let pendingEmail: string | undefined
  let socialFlow: SocialFlow | undefined
  /** The social flow whose provider window the visitor closed: its poll takes one last look. */
  let closedSocialFlowId: string | undefined
  let farcasterChannel: string | undefined
  /** The passkey of the sign-in under way and its PRF output: spent on opening the wallet, never kept. */
  let signInPasskey: SignInPasskeySecret | undefined
  let theme: { themeMode: string; themeVariables?: Record<string, unknown> } | undefined
  let dappData: unknown
  const pendingNotSafe = new Map<string, AbortController>()
  const answered = new Set<string>()
  const wakers = new Set<() => void>()
  const inFlight = new Set<Promise<void>>()
  const confirm = options.confirm ?? (async () => false)
  // One sheet at a time: a second signing request waits until the first is answered.
  let approvals: Promise<unknown> = Promise.resolve()
  const exportAttempts = createExportAttempts(now)
  const permissions = createPermissionStore(options.storage, options.locks)
  const sentCalls = createSentCalls()
  const smartAccounts = createSmartAccountChoice({
    storage: options.storage,
    defaultType: env.defaultAccountType,
    chainIds: env.smartAccountChainIds,
    ownerContext: async () => evmContext((await ensureWallet()).account, new AbortController().signal),
    probeTimeoutMs: CHAIN_PROBE_TIMEOUT_MS,
  })

  /** The frame's session; without one the dApp is told NOT_CONNECTED. */
  const requireSession = () => {
    const session = vault.session()
    if (!session) throw failure('NOT_CONNECTED', NOT_CONNECTED)
    return session
  }
  const isSupported = (chainId: number) => !env.chainIds || env.chainIds.includes(chainId)
  /** The chain the wallet is on: the last one chosen, the one the dApp started on, or the first served. */
  const currentChainId = () =>
    [vault.chainId(), options.initialChainId].find((id) => id !== undefined && isSupported(id)) ??
    env.chainIds?.[0] ??
    1
  /** Only a chain the frame's RPC serves can become the wallet's (EIP-3326's 4902 otherwise). */
  const supportedChain = (chainId: number) => {
    if (!isSupported(chainId)) throw new RpcError(`Unrecognized chain ID ${chainId}`, 4902)
    return chainId
  }

  function reply(id: string, name: AppEventName, ok: boolean, payload: unknown) {
    if (answered.delete(id)) return
    if (ok)
      post(
        payload === undefined
          ? { type: successEventType(name), id }
          : { type: successEventType(name), id, payload },
      )
    else post({ type: errorEventType(name), id, payload: errorPayload(payload) })
  }

  function receive(event: FrameIncomingEvent) {
    if (event.origin === parentOrigin && event.source === options.parent) return handleAppData(event.data)
    if (event.origin === authOrigin && isSocialDone(event.data)) for (const wake of [...wakers]) wake()
    answerSocialBind(event, socialFlow ?? vault.socialFlow(), authOrigin)
  }

  function handleAppData(data: unknown) {
    const parsed = parseAppMessage(data)
    if (!parsed.ok) {
      if (parsed.id !== undefined)
        post({ type: parsed.errorType, id: parsed.id, payload: { message: parsed.error } })
      return
    }
    const { message } = parsed
    const task = dispatch(message).then(
      (payload) => reply(message.id, message.name, true, payload),
      (error: unknown) => reply(message.id, message.name, false, error),
    )
    inFlight.add(task)
    void task.finally(() => inFlight.delete(task))
  }

  async function dispatch(message: AppMessage): Promise<unknown> {
    switch (message.name) {
      case 'SWITCH_NETWORK': {
        const chainId = supportedChain(toChainIdNumber(message.payload.chainId))
        vault.setChainId(chainId)
        return { chainId } satisfies FrameSuccessPayload<'SWITCH_NETWORK'>
      }
      case 'GET_CHAIN_ID':
        return { chainId: currentChainId() }
      case 'CONNECT_EMAIL': {
        const { email } = message.payload
        const { action } = await auth.emailStart(email, vault.deviceId())
        pendingEmail = email
        return { action }
      }
      case 'CONNECT_DEVICE': {
        const email = requireValue(pendingEmail, 'No e-mail login in progress')
        await longPoll(async () =>
          (await auth.deviceWait(email, vault.deviceId())).confirmed ? true : undefined,
        )
        return undefined
      }
      case 'CONNECT_OTP': {
        const email = requireValue(pendingEmail, 'No e-mail login in progress')
        const result = await auth.emailVerify(email, message.payload.otp, vault.deviceId())
        pendingEmail = undefined
        await completeLogin(result, message.id)
        return undefined
      }
      case 'GET_SOCIAL_REDIRECT_URI': {
        // The service makes the flow id; only this frame's secret can redeem what the flow yields.
        const secret = bytesToHex(randomBytes(32)).slice(2)
        const started = await auth.socialFlow(
          message.payload.provider,
          vault.deviceId(),
          secretHashOf(secret),
        )
        socialFlow = { flowId: started.flowId, secret }
        vault.setSocialFlow(socialFlow)
        return { uri: started.url }
      }
      case 'CONNECT_SOCIAL': {
        const flow = requireValue(socialFlow ?? vault.socialFlow(), 'No social login in progress')
        const uriFlow = flowOfUri(message.payload.uri)
        if (uriFlow !== undefined && uriFlow !== flow.flowId) throw new Error('Unknown social login flow')
        // Closed window, or a newer flow started (a retry): this one is over after a last look.
        const abandoned = () =>
          closedSocialFlowId === flow.flowId || (socialFlow ?? vault.socialFlow())?.flowId !== flow.flowId
        const result = await longPoll(
          async () => loginAnswer(await auth.socialResult(flow.flowId, flow.secret)),
          { abandoned, abandonedReason: 'SOCIAL_WINDOW_CLOSED', abandonedMessage: SOCIAL_WINDOW_CLOSED },
        )
        socialFlow = undefined
        vault.clearSocialFlow()
        return userObject(await completeLogin(result, message.id))
      }
      case 'SOCIAL_WINDOW_CLOSED':
        closedSocialFlowId = (socialFlow ?? vault.socialFlow())?.flowId
        for (const wake of [...wakers]) wake()
        return undefined
      case 'GET_FARCASTER_URI': {
        const channel = await auth.farcasterChannel(vault.deviceId(), parentOrigin)
        farcasterChannel = channel.channelToken
        return channel.code === undefined ? { uri: channel.url } : { uri: channel.url, code: channel.code }
      }
      case 'CONNECT_FARCASTER': {
        const channelToken = requireValue(farcasterChannel, 'No Farcaster login in progress')
        const result = await longPoll(async () =>
          loginAnswer(await auth.farcasterConnect(channelToken, vault.deviceId())),
        )
        farcasterChannel = undefined
        return userObject(await completeLogin(result, message.id))
      }
      case 'CONNECT_PASSKEY': {
        const passkeySignIn = options.passkeySignIn
        if (!passkeySignIn) throw failure('PASSKEY_UNSUPPORTED', 'This browser cannot use passkeys here')
        const { result, secret } = await loginWithPasskey({
          auth,
          deviceId: vault.deviceId(),
          ceremonies: passkeySignIn.ceremonies,
          passkeys: options.passkeys,
          ui: passkeySignIn.ui,
          surface: inFrameSurface(message.id),
        })
        signInPasskey = secret
        try {
          return userObject(await completeLogin(result, message.id))
        } finally {
          signInPasskey = undefined
        }
      }
      case 'GET_USER': {
        const chainId = message.payload?.chainId
        if (chainId !== undefined) vault.setChainId(supportedChain(toChainIdNumber(chainId)))
        return userObject(await loadUser())
      }
      case 'IS_CONNECTED':
        return { isConnected: await checkConnected() }
      case 'SIGN_OUT':
        await signOut()
        return undefined
      case 'GET_SMART_ACCOUNT_ENABLED_NETWORKS': {
        // The served chains whose RPC has the smart-account code; a chain that fails to answer is left out.
        const smartAccountEnabledNetworks = await smartAccountChains(
          env.smartAccountChainIds ?? env.chainIds ?? [currentChainId()],
          (id) =>
            jsonRpc(
              options.fetch,
              rpcUrlFor(env, id, projectId),
              'eth_getCode',
              [SIMPLE_7702_ACCOUNT, 'latest'],
              AbortSignal.timeout(CHAIN_PROBE_TIMEOUT_MS),
            ),
        )
        return {
          smartAccountEnabledNetworks,
        } satisfies FrameSuccessPayload<'GET_SMART_ACCOUNT_ENABLED_NETWORKS'>
      }
      case 'INIT_SMART_ACCOUNT': {
        const fields = await smartAccounts.counterfactual()
        if (!fields) throw new Error(SMART_ACCOUNT_UNAVAILABLE)
        return fields satisfies FrameSuccessPayload<'INIT_SMART_ACCOUNT'>
      }
      case 'SET_PREFERRED_ACCOUNT': {
        const { userId, account } = await ensureWallet()
        const { type: asked, sameAddress } = message.payload
        if (asked === 'smartAccount' && !sameAddress)
          return { type: asked, address: await smartAccounts.choose(userId) }
        if (asked === 'eoa') smartAccounts.useEoa(userId)
        const type = await setPreferredAccount(message.id, account, asked)
        return { type, address: account.address } satisfies FrameSuccessPayload<'SET_PREFERRED_ACCOUNT'>
      }
      case 'RPC_REQUEST':
        return rpcRequest(message.id, message.payload.method, message.payload.params)
      case 'RPC_ABORT':
        for (const [id, controller] of pendingNotSafe) {
          post({
            type: errorEventType('RPC_REQUEST'),
            id,
            payload: frameErrorPayload(REQUEST_ABORTED, { reason: 'ABORTED' }),
          })
          answered.add(id)
          controller.abort()
        }
        pendingNotSafe.clear()
        return undefined
      case 'REQUEST_STEP_UP': {
        const session = requireSession()
        if (stepUpUserId !== session.userId) throw new Error('No step-up is needed on this device')
        await auth.stepUpStart()
        if (!cachedUser || cachedUser.id !== session.userId) cachedUser = (await auth.session()).user
        return { email: cachedUser.email ?? '' }
      }
      case 'CONNECT_STEP_UP_OTP': {
        const session = requireSession()
        await auth.stepUpVerify(message.payload.otp)
        if (stepUpUserId === session.userId) stepUpUserId = undefined
        wallet = undefined
        await ensureWallet(message.id)
        post({ type: FRAME_SESSION_UPDATE, payload: { token: fingerprint(session.token) } })
        return undefined
      }
      case 'UPDATE_EMAIL':
        requireSession()
        return auth.emailUpdate(message.payload.email)
      case 'UPDATE_EMAIL_PRIMARY_OTP':
        requireSession()
        await auth.emailUpdatePrimary(message.payload.otp)
        return undefined
      case 'RESEND_UPDATE_EMAIL_SECONDARY_OTP':
        requireSession()
        await auth.emailUpdateSecondaryResend()
        return undefined
      case 'UPDATE_EMAIL_SECONDARY_OTP': {
        requireSession()
        const { newEmail } = await auth.emailUpdateSecondary(message.payload.otp)
        if (cachedUser) cachedUser = { ...cachedUser, email: newEmail }
        return { newEmail }
      }
      case 'EXPORT_KEY':
        return { status: await exportKey(message.id) } satisfies FrameSuccessPayload<'EXPORT_KEY'>
      case 'GET_PERMISSIONS':
        return listPermissions(permissions, (await ensureWallet()).account.address, now())
      case 'REVOKE_PERMISSION':
        return revokePermission(permissions, (await ensureWallet()).account.address, message.payload.context)
      case 'SYNC_THEME': {
        const { themeMode, themeVariables, locale } = message.payload
        theme = themeVariables ? { themeMode, themeVariables: { ...themeVariables } } : { themeMode }
        // The approval sheet and the mails the auth service sends follow the dApp's language.
        if (locale) await setFrameLocale(locale).catch(() => {})
        return undefined
      }
      case 'SYNC_DAPP_DATA':
        dappData = structuredClone(message.payload)
        return undefined
    }
  }

  async function rpcRequest(id: string, method: string, params: unknown): Promise<unknown> {
    if (!isAllowedMethod(method)) throw failure('NOT_ALLOWED', RPC_NOT_ALLOWED)
    const controller = new AbortController()
    const safe = isSafeMethod(method)
    if (!safe && !SIGNING_METHODS.has(method) && !SOLANA_SIGNING_METHODS.has(method)) {
      throw new RpcError(`${method} is not supported by this wallet`, 4200)
    }
    if (!safe) pendingNotSafe.set(id, controller)
    try {
      const { userId, account, solana } = await ensureWallet()
      if (controller.signal.aborted) throw failure('ABORTED', REQUEST_ABORTED)
      if (method === SOLANA_GET_ACCOUNTS) return [{ pubkey: solana.address }]
      if (SOLANA_SIGNING_METHODS.has(method)) {
        const context: SolanaContext = {
          key: solana,
          rpcUrl: (cluster) => solanaRpcUrlFor(env, cluster, projectId),
          fetch: options.fetch,
          signal: controller.signal,
        }
        // Checked before the sheet: a request the wallet would refuse is never shown.
        const request = parseSolanaRequest(solana, method, params)
        await approveInFrame(id, await describeSolanaRequest(context, request), controller.signal)
        return await handleSolanaRequest(context, request)
      }
      const ownerContext = evmContext(account, controller.signal)
      // ERC-7715 (the EOA's permissions, whichever account is active): a grant shows its own sheet; calls a permission covers are sent without one.
      const permitted = permissionRpcFor(method, params)
      if (permitted) {
        const approve = (details: ApprovalDetails) => approveInFrame(id, details, controller.signal)
        return await permitted(ownerContext, {
          store: permissions,
          origin: parentOrigin,
          now,
          randomBytes,
          approve,
        })
      }
      const context = await smartAccounts.context(userId, ownerContext)
      if (method === SHOW_CALLS_STATUS) {
        pendingNotSafe.set(id, controller)
        await showInFrame(id, await describeCallsStatus(context, params, sentCalls), controller.signal)
        return null
      }
      const details = safe ? undefined : await describeApproval(context, method, params)
      if (details) await approveInFrame(id, details, controller.signal)
      const answer = await handleWalletRpc(context, method, params)
      // The window that shows a batch's status later lists its calls as they were approved.
      if (details?.kind === 'calls') sentCalls.remember(answer, details)
      return answer
    } finally {
      if (method === SHOW_CALLS_STATUS) pendingNotSafe.delete(id)
      if (!safe) pendingNotSafe.delete(id)
    }
  }

  /** The EVM account on the wallet's current chain, over the frame's RPC. */
  function evmContext(account: LocalAccount, signal: AbortSignal): WalletRpcContext {
    const chainId = currentChainId()
    return {
      account,
      chainId,
      ...chainEndpoints(env, chainId, projectId),
      fetch: options.fetch,
      signal,
    }
  }

  /**
   * The account type the visitor asked for (request `id`), on the current chain. A smart account is the
   * same address delegated to the smart-account code (EIP-7702): already so, it is answered at once;
   * otherwise the visitor approves the upgrade in the wallet window and its transaction is mined first.
   * Undoing a delegation is not offered: asked for an EOA, a smart account answers what it still is.
   */
  async function setPreferredAccount(
    id: string,
    account: LocalAccount,
    type: PreferredAccountType,
  ): Promise<PreferredAccountType> {
    if (type === 'eoa') return (await smartAccountOn(account.address)) ? 'smartAccount' : 'eoa'
    const controller = new AbortController()
    const context = evmContext(account, controller.signal)
    if ((await delegationState(context)) === 'smart') return 'smartAccount'
    await approveInFrame(id, await describeUpgrade(context), controller.signal)
    await upgradeAccount(context)
    return 'smartAccount'
  }

  /** The account runs the smart-account code on the current chain; false when the chain cannot say. */
  async function smartAccountOn(address: string): Promise<boolean> {
    try {
      const chainId = currentChainId()
      const code = await jsonRpc(
        options.fetch,
        rpcUrlFor(env, chainId, projectId),
        'eth_getCode',
        [address, 'latest'],
        AbortSignal.timeout(CHAIN_PROBE_TIMEOUT_MS),
      )
      return delegationStateOf(code) === 'smart'
    } catch {
      return false
    }
  }

  /**
   * The consent step: the visitor sees the request in the wallet's own origin and approves it there.
   * Nothing the parent page posts can answer it; the parent can only show the frame's launcher, or cancel.
   */
  async function approveInFrame(id: string, details: ApprovalDetails, signal: AbortSignal) {
    const turn = approvals.then(async () => {
      if (signal.aborted) return false
      post({ type: FRAME_APPROVAL_SHOW, id })
      try {
        const themeMode = theme?.themeMode === 'light' ? 'light' : 'dark'
        return await confirm({ details, origin: parentOrigin, themeMode }, signal)
      } finally {
        post({ type: FRAME_APPROVAL_HIDE, id })
      }
    })
    approvals = turn.catch(() => {})
    const approved = await turn
    if (signal.aborted) throw failure('ABORTED', REQUEST_ABORTED)
    // A sheet that could only be closed (the account cannot pay) ends with that reason, not a rejection.
    const cannotPay = paysFromBalance(details) && details.insufficientFunds
    if (!approved && cannotPay) {
      throw new RpcError(frameText('insufficientFunds'), INSUFFICIENT_FUNDS_RPC_CODE)
    }
    if (!approved) throw new RpcError(USER_REJECTED, 4001)
  }

  /**
   * Shows something to the visitor in the wallet's window with nothing to approve (a batch's status):
   * in turn with the sheets, the launcher in view until the visitor closes the window.
   */
  async function showInFrame(id: string, details: ApprovalDetails, signal: AbortSignal) {
    const turn = approvals.then(async () => {
      if (signal.aborted) return
      post({ type: FRAME_APPROVAL_SHOW, id })
      try {
        const themeMode = theme?.themeMode === 'light' ? 'light' : 'dark'
        await confirm({ details, origin: parentOrigin, themeMode }, signal)
      } finally {
        post({ type: FRAME_APPROVAL_HIDE, id })
      }
    })
    approvals = turn.catch(() => {})
    await turn
  }

  /**
   * The visitor asked to see the wallet's keys (request `id`). They confirm the wallet's recovery factor in
   * the export window first; the dApp hears only how it ended.
   */
  async function exportKey(id: string): Promise<FrameSuccessPayload<'EXPORT_KEY'>['status']> {
    const session = requireSession()
    const wallet = await ensureWallet()
    const { wallet: stored } = await auth.getKeys()
    const envelope = stored?.recovery
    // Without a factor of the visitor's own (the service holds the recovery share) nothing proves them here.
    if (!stored || !envelope || stored.address.toLowerCase() !== wallet.account.address.toLowerCase()) {
      return 'unavailable'
    }
    if (exportAttempts.locked(session.userId)) return 'locked'
    const show = options.exportKey
    if (!show) return 'cancelled'
    const context = { userId: session.userId, address: stored.address }
    const prompt: KeyExportPrompt = {
      factor: { kind: envelope.kind, credentialId: envelope.credentialId, salt: envelope.salt },
      address: wallet.account.address,
      origin: parentOrigin,
      themeMode: theme?.themeMode === 'light' ? 'light' : 'dark',
      locale: frameLocale(),
      answer: exportFactorCheck({
        envelope,
        context,
        attempts: exportAttempts,
        reveal: () => exportedKeys(wallet.privateKey),
      }),
    }
    const turn = approvals.then(async () => {
      post({ type: FRAME_APPROVAL_SHOW, id })
      try {
        return await show(prompt, new AbortController().signal)
      } finally {
        post({ type: FRAME_APPROVAL_HIDE, id })
      }
    })
    approvals = turn.catch(() => {})
    return turn
  }

  /** A visitor's sign-in (request `requestId`): the frame may show its recovery sheets for it. */
  async function completeLogin(
    result: Pick<LoginResult, 'session' | 'user'>,
    requestId: string,
  ): Promise<{ user: AuthUser; address: string }> {
    vault.setSession({
      token: result.session.token,
      expiresAt: result.session.expiresAt,
      userId: result.user.id,
    })
    cachedUser = result.user
    wallet = undefined
    // A fresh login may itself be the step-up (an e-mail code confirmed on this device).
    stepUpUserId = undefined
    const { account } = await ensureWallet(requestId).catch(async (error: unknown) => {
      // The visitor closed the recovery sheet: no wallet, so no session either.
      if (error instanceof RecoveryCancelledError) await signOut()
      throw error
    })
    post({ type: FRAME_SESSION_UPDATE, payload: { token: fingerprint(result.session.token) } })
    return { user: result.user, address: account.address }
  }

  async function loadUser(): Promise<{ user: AuthUser; address: string }> {
    const session = requireSession()
    if (!cachedUser || cachedUser.id !== session.userId) cachedUser = (await auth.session()).user
    const { account } = await ensureWallet()
    return { user: cachedUser, address: account.address }
  }

  async function checkConnected(): Promise<boolean> {
    if (!vault.session()) return false
    try {
      cachedUser = (await auth.session()).user
      return true
    } catch (error) {
      if (error instanceof AuthApiError && error.code === 'UNAUTHORIZED') {
        forgetSession()
        return false
      }
      throw error
    }
  }

  async function signOut() {
    if (vault.session()) {
      try {
        await auth.signOut()
      } catch {
        // The local session is dropped either way; an unreachable service must not trap the visitor.
      }
    }
    forgetSession()
    post({ type: FRAME_SESSION_UPDATE, payload: { token: null } })
  }

  /** Keeps the device id and device shares: the same device is recognised at the next login. */
  function forgetSession() {
    vault.clearSession()
    wallet = undefined
    cachedUser = undefined
    stepUpUserId = undefined
    pendingEmail = undefined
    socialFlow = undefined
    farcasterChannel = undefined
  }

  /** `requestId`: a visitor's sign-in, during which the frame may show its recovery sheets. */
  function ensureWallet(requestId?: string): Promise<Loaded> {
    const session = vault.session()
    if (!session) return Promise.reject(failure('NOT_CONNECTED', NOT_CONNECTED))
    if (stepUpUserId === session.userId) return Promise.reject(failure('STEP_UP_REQUIRED', STEP_UP_REQUIRED))
    if (wallet?.userId === session.userId) return wallet.promise
    const promise = loadWallet(session.userId, requestId)
    wallet = { userId: session.userId, promise }
    promise.catch(() => {
      if (wallet?.promise === promise) wallet = undefined
    })
    return promise
  }

  async function loadWallet(userId: string, requestId: string | undefined): Promise<Loaded> {
    const user = cachedUser?.id === userId ? cachedUser : undefined
    const label = user?.email ?? user?.userName ?? 'Portico wallet'
    const surface = requestId === undefined ? undefined : inFrameSurface(requestId)
    const privateKey = await openWallet(
      { auth, vault, ui: options.recovery, passkeys: options.passkeys, randomBytes, surface, signInPasskey },
      { id: userId, label },
    ).catch((error: unknown) => {
      // The service wants a fresh code confirmed on this device first: the dApp asks the visitor.
      if (error instanceof AuthApiError && error.code === 'STEP_UP_REQUIRED') {
        stepUpUserId = userId
        throw failure('STEP_UP_REQUIRED', STEP_UP_REQUIRED)
      }
      throw error
    })
    return loaded(userId, privateKey)
  }

  /** Shows the frame over the dApp, for the visitor's request `id`, while a recovery sheet is up. */
  function inFrameSurface(id: string) {
    return async <T>(show: (signal: AbortSignal) => Promise<T>): Promise<T> => {
      post({ type: FRAME_APPROVAL_SHOW, id })
      try {
        return await show(new AbortController().signal)
      } finally {
        post({ type: FRAME_APPROVAL_HIDE, id })
      }
    }
  }

  /** The user as the dApp sees it; the account type is the delegation on the current chain (spec §6). */
  async function userObject({ user, address }: { user: AuthUser; address: string }): Promise<EmbeddedUser> {
    const smart = await smartAccounts.fields(user.id, address)
    if (smart) {
      const { userName, socialProvider } = user
      return { email: user.email, chainId: currentChainId(), userName, socialProvider, ...smart }
    }
    const type = (await smartAccountOn(address)) ? 'smartAccount' : 'eoa'
    return {
      email: user.email,
      address,
      chainId: currentChainId(),
      accounts: [{ address, type }],
      userName: user.userName,
      socialProvider: user.socialProvider,
      smartAccountDeployed: type === 'smartAccount',
      preferredAccountType: type,
    }
  }

  /** Repeats a long-poll call until it yields a value; a social-done nudge restarts the wait at once. */
  /** A long-poll answer of a social or Farcaster login: undefined while pending, else the login. */
  function loginAnswer<T extends { status: 'done' }>(
    answer: T | { status: 'pending' } | { status: 'error'; message: string },
  ): T | undefined {
    if (answer.status === 'error') throw failure('PROVIDER_ERROR', answer.message)
    return answer.status === 'pending' ? undefined : answer
  }

  async function longPoll<T>(
    poll: () => Promise<T | undefined>,
    stop:
      | { abandoned: () => boolean; abandonedReason: FrameErrorReason; abandonedMessage: string }
      | undefined = undefined,
  ): Promise<T> {
    const deadline = now() + longPollMs
    while (now() < deadline) {
      // A request in flight is never cut short: the service hands a result out once, so an answer
      // dropped on the way back would lose the login. The callback nudge only ends a pause between polls.
      // Once abandoned, the poll after that moment is the last one (a result stored just before counts);
      // a request in flight at that moment is given lastLookMs, and is then the last one itself.
      const last = stop?.abandoned() ?? false
      const started = now()
      let value: T | undefined | typeof CUT_SHORT
      try {
        const request = poll()
        value = await (stop ? unlessAbandoned(request, stop.abandoned) : request)
        if (value !== undefined && value !== CUT_SHORT) return value
      } catch (error) {
        // A transient failure (network, 5xx): poll again. Anything else is an answer.
        const transient = error instanceof TypeError || (error instanceof AuthApiError && error.status >= 500)
        if (!transient) throw error
      }
      if ((last || value === CUT_SHORT) && stop) throw failure(stop.abandonedReason, stop.abandonedMessage)
      if (stop?.abandoned()) continue
      if (now() - started < pollDelayMs) await sleep(pollDelayMs)
    }
    throw failure('LOGIN_TIMED_OUT', 'Login timed out')
  }

  /**
   * The poll's answer; once the flow is abandoned, only an answer within the last look counts (the
   * service holds a pending poll for many seconds, and nobody waits for this flow any more).
   */
  function unlessAbandoned<T>(request: Promise<T | undefined>, abandoned: () => boolean) {
    return new Promise<T | undefined | typeof CUT_SHORT>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined
      const watch = () => {
        if (timer !== undefined || !abandoned()) return
        wakers.delete(watch)
        timer = setTimeout(() => resolve(CUT_SHORT), lastLookMs)
      }
      wakers.add(watch)
      watch()
      request.then(resolve, reject).finally(() => {
        clearTimeout(timer)
        wakers.delete(watch)
      })
    })
  }

  function sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        wakers.delete(done)
        resolve()
      }
      const timer = setTimeout(done, ms)
      wakers.add(done)
    })
  }

  return {
    /** Tells the parent the frame listens. */
    start: () => post({ type: FRAME_READY }),
    receive,
    /** Resolves when every message received so far has been answered (for tests). */
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight])
    },
    /** A copy of the in-memory state, for tests and debugging; never includes key material. */
    inspect: () => ({
      chainId: currentChainId(),
      pendingEmail,
      socialFlow: socialFlow?.flowId,
      farcasterChannel,
      theme,
      dappData,
      walletUserId: wallet?.userId,
      pendingNotSafe: [...pendingNotSafe.keys()],
    }),
  }
}
export type FrameHandler = ReturnType<typeof createFrameHandler>

function secretHashOf(secret: string): string {
  return sha256(stringToBytes(secret)).slice(2)
}

function fingerprint(token: string): string {
  return sha256(stringToBytes(token)).slice(2, 34)
}

function flowOfUri(uri: string): string | undefined {
  try {
    return new URL(uri).searchParams.get('flow') ?? undefined
  } catch {
    return undefined
  }
}

function isSocialDone(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === SOCIAL_DONE_MESSAGE_TYPE
  )
}

function requireValue<T>(value: T | undefined, message: string): T {
  if (value === undefined) throw new Error(message)
  return value
}

/** The error answer: the message, and the EIP-1193 code when the error carries one. */
/** A failure the dApp tells the visitor about by its reason (the message is for developers). */
function failure(reason: FrameErrorReason, message: string): FrameError {
  return new FrameError(message, 'FRAME_ERROR', { reason })
}

/**
 * The error answer: the message, the EIP-1193 code when the error carries one, and the reason with
 * its counts, so the dApp shows the visitor its own text for the auth service's code.
 */
function errorPayload(error: unknown): FrameErrorPayload {
  const message = errorMessage(error)
  if (error instanceof AuthApiError) {
    const reason =
      error.code === 'HTTP_ERROR' || error.code === 'INVALID_RESPONSE' ? 'SERVICE_UNAVAILABLE' : error.code
    const { attemptsLeft, retryAfterSeconds } = error
    return frameErrorPayload(message, { reason, attemptsLeft, retryAfterSeconds })
  }
  if (error instanceof FrameError) return frameErrorPayload(message, { reason: error.reason })
  if (error instanceof RpcError) return frameErrorPayload(message, { rpcCode: error.rpcCode })
  // A chain error wrapped by viem (a refused transaction, say) keeps the node's code, so the dApp can
  // name it instead of calling it unknown.
  const rpcCode = chainErrorCode(error)
  return rpcCode === undefined ? { message } : frameErrorPayload(message, { rpcCode })
}

/** The JSON-RPC code of the chain's answer somewhere in an error's cause chain. */
function chainErrorCode(error: unknown): number | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    if (current instanceof RpcError) return current.rpcCode
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

function errorMessage(error: unknown): string {
  if (error instanceof AuthApiError) return authErrorMessage(error)
  if (error && typeof error === 'object') {
    const short = (error as { shortMessage?: unknown }).shortMessage
    if (typeof short === 'string' && short) return short
    const message = (error as { message?: unknown }).message
    if (typeof message === 'string' && message) return message
  }
  return 'An error occurred'
}
