import { type RecoveryEnvelope, rekeyMessage } from '@portico/wire'
import {
  encodeAbiParameters,
  type Hex,
  keccak256,
  parseTransaction,
  sha256,
  stringToBytes,
  toHex,
  verifyMessage,
} from 'viem'
import { delegationDesignator, SIMPLE_7702_ACCOUNT } from '../smart-account-delegation.js'

/** The fake chain's ERC-20 (symbol USDC, 6 decimals) and its smart-account code, as the wallet reads them. */
export const FAKE_TOKEN: Hex = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'

/**
 * A tiny in-memory implementation of the auth API contract (`@portico/wire`) plus a JSON-RPC node, behind
 * one `fetch`, for unit tests of the frame. The real service is exercised end to end by the lead's e2e.
 */

export const AUTH_URL = 'http://auth.test'
export const RPC_URL_TEMPLATE = 'http://rpc.test/{chainId}'
export const SOLANA_RPC_URL_TEMPLATE = 'http://solana.test/{cluster}'
/** The fake Solana clusters' balance of every account: 2 SOL. */
export const SOLANA_BALANCE = 2_000_000_000
/** getFeeForMessage's answer: 5000 lamports per signature, one signer. */
export const SOLANA_FEE = 5000

export interface FakeUser {
  id: string
  email: string | null
  userName: string | null
  socialProvider: string | null
}

/** custodial: the service keeps the recovery share too (AUTH_CUSTODY=custodial). */
export function createFakeAuthService(
  options: { custody?: 'user-held' | 'custodial'; passkeySignIn?: boolean } = {},
) {
  const custody = options.custody ?? 'user-held'
  /** Passkey accounts: credential id → user id (the real service checks the signatures too). */
  const passkeyAccounts = new Map<string, string>()
  const users = new Map<string, FakeUser>()
  const sessions = new Map<string, string>()
  /** Sessions that confirmed a step-up code on their device: may recover the service's share once. */
  const steppedUp = new Set<string>()
  /** recoveryShare: the service's own copy (custodial, or a wallet from before user-held custody). */
  const wallets = new Map<
    string,
    { address: string; authShare: string; recovery?: RecoveryEnvelope; recoveryShare?: string }
  >()
  const otps = new Map<string, string>()
  const knownDevices = new Set<string>()
  const confirmedDevices = new Set<string>()
  /** Flows the service made: flow id → the secret hash bound to it and, once finished, the result. */
  const socialFlows = new Map<
    string,
    { provider: string; secretHash: string; result?: { userName: string; provider: string } }
  >()
  const farcasterChannels = new Map<string, { approvedAs?: string }>()
  const lastEmailStart = new Map<string, number>()
  const sentRawTransactions: Hex[] = []
  /** Wire transactions (base64) and options the fake Solana clusters were sent, by cluster. */
  const sentSolanaTransactions: { cluster: string; transaction: string; config: unknown }[] = []
  /** Token account → owner, for getAccountInfo (jsonParsed). */
  const solanaTokenOwners = new Map<string, string>()
  const calls: string[] = []
  let counter = 0
  let clock = 0

  const json = (status: number, body?: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    })
  const error = (status: number, code: string, message: string, extra: object = {}) =>
    json(status, { error: { code, message, ...extra } })
  const newId = () => {
    counter += 1
    return `id${counter}`
  }
  const login = (user: FakeUser) => {
    const token = `token-${newId()}`
    sessions.set(token, user.id)
    return { session: { token, expiresAt: '2099-01-01T00:00:00.000Z' }, user }
  }
  const userByEmail = (email: string) => [...users.values()].find((user) => user.email === email)

  const bearer = (init: RequestInit | undefined) =>
    (new Headers(init?.headers).get('authorization') ?? '').replace(/^Bearer /, '')

  function auth(init: RequestInit | undefined): FakeUser | undefined {
    const header = new Headers(init?.headers).get('authorization')
    const userId = header ? sessions.get(header.replace(/^Bearer /, '')) : undefined
    return userId ? [...users.values()].find((user) => user.id === userId) : undefined
  }

  async function handleAuth(path: string, method: string, init: RequestInit | undefined): Promise<Response> {
    const body = init?.body ? JSON.parse(String(init.body)) : {}
    calls.push(`${method} ${path}`)
    switch (`${method} ${path}`) {
      case 'POST /email/start': {
        const last = lastEmailStart.get(body.email)
        if (last !== undefined && clock - last < 30_000) {
          return error(429, 'COOLDOWN', 'Too soon', { retryAfterSeconds: (30_000 - (clock - last)) / 1000 })
        }
        lastEmailStart.set(body.email, clock)
        otps.set(body.email, '123456')
        const known = userByEmail(body.email)
        const device = `${body.email}|${body.deviceId}`
        if (known && !knownDevices.has(device) && !confirmedDevices.has(device)) {
          return json(200, { action: 'VERIFY_DEVICE' })
        }
        return json(200, { action: 'VERIFY_OTP' })
      }
      case 'POST /device/wait':
        return json(200, { confirmed: confirmedDevices.has(`${body.email}|${body.deviceId}`) })
      case 'POST /email/verify': {
        if (otps.get(body.email) !== body.otp)
          return error(400, 'INVALID_OTP', 'Invalid code', { attemptsLeft: 2 })
        otps.delete(body.email)
        let user = userByEmail(body.email)
        if (!user) {
          user = { id: newId(), email: body.email, userName: null, socialProvider: null }
          users.set(user.id, user)
        }
        knownDevices.add(`${body.email}|${body.deviceId}`)
        return json(200, login(user))
      }
      case 'POST /social/flow': {
        const flowId = `flow${newId()}`.padEnd(43, 'x')
        socialFlows.set(flowId, { provider: body.provider, secretHash: body.secretHash })
        return json(200, { flowId, url: `${AUTH_URL}/auth/v1/social/start?flow=${flowId}` })
      }
      case 'POST /social/result': {
        const flow = socialFlows.get(body.flowId)
        if (!flow || flow.secretHash !== sha256(stringToBytes(body.secret)).slice(2))
          return error(404, 'NOT_FOUND', 'Unknown social login flow')
        const result = flow.result
        if (!result) return json(200, { status: 'pending' })
        socialFlows.delete(body.flowId)
        let user = [...users.values()].find((candidate) => candidate.userName === result.userName)
        if (!user) {
          user = {
            id: newId(),
            email: `${result.userName}@example.test`,
            userName: result.userName,
            socialProvider: result.provider,
          }
          users.set(user.id, user)
        }
        return json(200, { status: 'done', ...login(user) })
      }
      case 'POST /passkey/register/options':
      case 'POST /passkey/sign-in/options': {
        if (options.passkeySignIn === false) return error(404, 'NOT_FOUND', 'Passkey sign-in is off')
        const challenge = `challenge-${newId()}`
        if (path === '/passkey/sign-in/options')
          return json(200, { options: { challenge, rpId: 'auth.test' } })
        return json(200, {
          options: {
            challenge,
            rp: { id: 'auth.test', name: 'Portico wallet' },
            user: { id: `user-${newId()}`, name: 'wallet', displayName: 'Portico wallet' },
            pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
          },
        })
      }
      case 'POST /passkey/register/verify': {
        const user = { id: newId(), email: null, userName: null, socialProvider: 'passkey' }
        users.set(user.id, user)
        passkeyAccounts.set(body.response.id, user.id)
        return json(200, login(user))
      }
      case 'POST /passkey/sign-in/verify': {
        const user = users.get(passkeyAccounts.get(body.response.id) ?? '')
        if (!user) return error(404, 'NOT_FOUND', 'This passkey belongs to no account here')
        return json(200, login(user))
      }
      case 'POST /farcaster/channel': {
        const channelToken = `channel-${newId()}`
        farcasterChannels.set(channelToken, {})
        return json(200, { channelToken, url: `https://farcaster.test/connect?channel=${channelToken}` })
      }
      case 'POST /farcaster/connect': {
        const channel = farcasterChannels.get(body.channelToken)
        if (!channel) return error(404, 'NOT_FOUND', 'Unknown channel')
        if (!channel.approvedAs) return json(200, { status: 'pending' })
        const user = { id: newId(), email: null, userName: channel.approvedAs, socialProvider: 'farcaster' }
        users.set(user.id, user)
        return json(200, { status: 'done', ...login(user) })
      }
    }
    const user = auth(init)
    if (!user) return error(401, 'UNAUTHORIZED', 'Not signed in')
    switch (`${method} ${path}`) {
      case 'GET /session':
        return json(200, { user })
      case 'POST /signout':
        for (const [token, userId] of sessions) if (userId === user.id) sessions.delete(token)
        return json(204)
      case 'GET /keys': {
        const wallet = wallets.get(user.id)
        return json(200, {
          custody,
          wallet: wallet
            ? {
                address: wallet.address,
                authShare: wallet.authShare,
                recovery: wallet.recovery ?? null,
                sealedRecoveryShare: wallet.recoveryShare !== undefined,
              }
            : null,
        })
      }
      case 'POST /keys':
        if (wallets.has(user.id)) return error(409, 'CONFLICT', 'Wallet exists')
        if (custody === 'user-held' ? !body.recovery || body.recoveryShare : !body.recoveryShare) {
          return error(400, 'BAD_REQUEST', 'recovery: required, recoveryShare refused')
        }
        wallets.set(user.id, body)
        return json(201, {})
      case 'POST /keys/rekey': {
        const wallet = wallets.get(user.id)
        if (!wallet) return error(404, 'NOT_FOUND', 'No wallet')
        const message = rekeyMessage({
          userId: user.id,
          address: wallet.address,
          currentAuthShare: wallet.authShare,
          authShare: body.authShare,
          recovery: body.recovery,
        })
        const address = wallet.address as Hex
        if (!(await verifyMessage({ address, message, signature: body.signature }).catch(() => false))) {
          return error(400, 'BAD_REQUEST', 'signature: not the wallet key’s')
        }
        wallets.set(user.id, {
          address: wallet.address,
          authShare: body.authShare,
          recovery: body.recovery,
          ...(custody === 'custodial' && wallet.recoveryShare ? { recoveryShare: wallet.recoveryShare } : {}),
        })
        return json(204)
      }
      case 'POST /keys/recover': {
        const wallet = wallets.get(user.id)
        if (!wallet) return error(404, 'NOT_FOUND', 'No wallet')
        if (!wallet.recoveryShare) return error(409, 'CONFLICT', 'No recovery share here')
        if (!steppedUp.delete(bearer(init))) return error(403, 'STEP_UP_REQUIRED', 'Step up first')
        return json(200, {
          address: wallet.address,
          authShare: wallet.authShare,
          recoveryShare: wallet.recoveryShare,
        })
      }
      case 'POST /keys/step-up':
        if (!user.email) return error(409, 'CONFLICT', 'No e-mail address')
        otps.set(`step-up:${bearer(init)}`, '654321')
        return json(204)
      case 'POST /keys/step-up/verify':
        if (otps.get(`step-up:${bearer(init)}`) !== body.otp) {
          return error(400, 'INVALID_OTP', 'Invalid code', { attemptsLeft: 4 })
        }
        otps.delete(`step-up:${bearer(init)}`)
        steppedUp.add(bearer(init))
        return json(204)
      case 'POST /email/update':
        otps.set(`update:${user.id}`, '111111')
        return json(200, { action: user.email ? 'VERIFY_PRIMARY_OTP' : 'VERIFY_SECONDARY_OTP' })
      case 'POST /email/update/primary':
        if (body.otp !== '111111') return error(400, 'INVALID_OTP', 'Invalid code')
        return json(200, { action: 'VERIFY_SECONDARY_OTP' })
      case 'POST /email/update/secondary/resend':
        return json(200, { action: 'VERIFY_SECONDARY_OTP' })
      case 'POST /email/update/secondary':
        if (body.otp !== '111111') return error(400, 'INVALID_OTP', 'Invalid code')
        user.email = 'new@example.test'
        return json(200, { newEmail: user.email })
    }
    return error(404, 'NOT_FOUND', `No route ${method} ${path}`)
  }

  let blockNumber = 100n
  // Accounts delegated by a type-4 transaction (EIP-7702), and the receipts of what was sent.
  const delegations = new Map<string, Hex>()
  const receipts = new Map<string, { status: Hex; blockNumber: Hex }>()
  let smartAccountCode = true
  function handleRpc(chainId: number, method: string, params: unknown[]): unknown {
    calls.push(`rpc ${chainId} ${method}`)
    switch (method) {
      case 'eth_chainId':
        return toHex(chainId)
      case 'eth_blockNumber':
        return toHex(blockNumber)
      case 'eth_getBalance':
        return toHex(10n ** 18n)
      case 'eth_getTransactionCount':
        return '0x7'
      case 'eth_estimateGas':
        return toHex(21_000n)
      case 'eth_maxPriorityFeePerGas':
        return toHex(1_000_000_000n)
      case 'eth_gasPrice':
        return toHex(2_000_000_000n)
      case 'eth_getBlockByNumber':
        return {
          number: toHex(blockNumber),
          hash: keccak256(toHex(blockNumber)),
          baseFeePerGas: toHex(1_000_000_000n),
          timestamp: '0x1',
          transactions: [],
        }
      case 'eth_sendRawTransaction': {
        const raw = params[0] as Hex
        sentRawTransactions.push(raw)
        blockNumber += 1n
        const tx = parseTransaction(raw)
        const delegate = tx.authorizationList?.[0]?.address
        if (delegate && tx.to) delegations.set(tx.to.toLowerCase(), delegate)
        receipts.set(keccak256(raw), { status: '0x1', blockNumber: toHex(blockNumber) })
        return keccak256(raw)
      }
      case 'eth_getCode': {
        const address = String(params[0]).toLowerCase()
        if (address === SIMPLE_7702_ACCOUNT.toLowerCase()) return smartAccountCode ? '0x6080604052' : '0x'
        const delegate = delegations.get(address)
        return delegate ? delegationDesignator(delegate) : '0x'
      }
      case 'eth_call': {
        const { to, data } = params[0] as { to: string; data: Hex }
        if (to.toLowerCase() !== FAKE_TOKEN.toLowerCase()) return '0x'
        // symbol() and decimals()
        if (data === '0x95d89b41') return encodeAbiParameters([{ type: 'string' }], ['USDC'])
        if (data === '0x313ce567') return encodeAbiParameters([{ type: 'uint8' }], [6])
        return '0x'
      }
      case 'eth_getTransactionReceipt': {
        const receipt = receipts.get(String(params[0]))
        if (!receipt) return null
        return {
          ...receipt,
          transactionHash: params[0],
          blockHash: keccak256(receipt.blockNumber),
          gasUsed: toHex(60_000n),
          logs: [],
        }
      }
      default:
        throw Object.assign(new Error(`method ${method} not found`), { code: -32601 })
    }
  }

  function handleSolanaRpc(cluster: string, method: string, params: unknown[]): unknown {
    calls.push(`solana ${cluster} ${method}`)
    const context = { slot: 1 }
    switch (method) {
      case 'getBalance':
        return { context, value: SOLANA_BALANCE }
      case 'getFeeForMessage':
        return { context, value: SOLANA_FEE }
      case 'getAccountInfo': {
        const owner = solanaTokenOwners.get(String(params[0]))
        return { context, value: owner ? { data: { parsed: { info: { owner } } } } : null }
      }
      case 'sendTransaction': {
        sentSolanaTransactions.push({ cluster, transaction: String(params[0]), config: params[1] })
        return 'fake-signature-from-the-cluster'
      }
      default:
        throw Object.assign(new Error(`method ${method} not found`), { code: -32601 })
    }
  }

  const fetch = async (input: string, init?: RequestInit): Promise<Response> => {
    if (init?.signal?.aborted) throw new DOMException('Aborted', 'AbortError')
    const url = new URL(input)
    if (url.origin === AUTH_URL && url.pathname.startsWith('/auth/v1/')) {
      return handleAuth(url.pathname.slice('/auth/v1'.length), init?.method ?? 'GET', init)
    }
    if (url.origin === 'http://rpc.test') {
      const request = JSON.parse(String(init?.body))
      try {
        const result = handleRpc(Number(url.pathname.slice(1)), request.method, request.params ?? [])
        return json(200, { jsonrpc: '2.0', id: request.id, result })
      } catch (cause) {
        const { message, code } = cause as { message: string; code: number }
        return json(200, { jsonrpc: '2.0', id: request.id, error: { code, message } })
      }
    }
    if (url.origin === 'http://solana.test') {
      const request = JSON.parse(String(init?.body))
      try {
        const result = handleSolanaRpc(url.pathname.slice(1), request.method, request.params ?? [])
        return json(200, { jsonrpc: '2.0', id: request.id, result })
      } catch (cause) {
        const { message, code } = cause as { message: string; code: number }
        return json(200, { jsonrpc: '2.0', id: request.id, error: { code, message } })
      }
    }
    return new Response('not found', { status: 404 })
  }

  return {
    fetch,
    calls,
    users,
    sessions,
    wallets,
    sentRawTransactions,
    /** Takes the smart-account code off the fake chain (a network without it). */
    withoutSmartAccountCode() {
      smartAccountCode = false
    },
    sentSolanaTransactions,
    solanaTokenOwners,
    advanceClock: (ms: number) => {
      clock += ms
    },
    confirmDevice: (email: string, deviceId: string) => confirmedDevices.add(`${email}|${deviceId}`),
    completeSocial(flowId: string, userName: string, provider = 'google') {
      const flow = socialFlows.get(flowId)
      if (flow) flow.result = { userName, provider }
    },
    approveFarcaster: (channelToken: string, userName: string) =>
      farcasterChannels.set(channelToken, { approvedAs: userName }),
  }
}
export type FakeAuthService = ReturnType<typeof createFakeAuthService>

/** localStorage stand-in with a snapshot for "nothing changed" checks. */
export function createMemoryStorage() {
  const map = new Map<string, string>()
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    snapshot: () => JSON.stringify([...map.entries()].sort()),
    map,
  }
}
