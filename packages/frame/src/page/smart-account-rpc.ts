import {
  createPublicClient,
  custom,
  defineChain,
  type Hex,
  hexToBigInt,
  isHex,
  type LocalAccount,
} from 'viem'
import { createBundlerClient, createPaymasterClient, type SmartAccount } from 'viem/account-abstraction'
import { CALLS_ERRORS } from './calls-constants.js'
import { encodeCallsId } from './calls-id.js'
import { rpcUrlOf } from './calls-status.js'
import { SMART_ACCOUNT_FACTORY, toCounterfactualAccount } from './counterfactual-account.js'
import { jsonRpc, RpcError } from './json-rpc.js'
import { isSponsorUnreachable, sponsorUnavailableError } from './sponsor-unavailable.js'
import { sponsorshipOf } from './sponsored-calls.js'
import { type Call, parseSendCalls } from './wallet-calls.js'
import { assertOwnAddress, type WalletRpcContext } from './wallet-context.js'

/** What `handleWalletRpc` leaves to the EOA's own handling (reads, signatures through the account). */
export const NOT_SMART_ACCOUNT_METHOD = Symbol('not a smart-account method')

/** How long eth_sendTransaction waits for the user operation's transaction, whose hash it answers. */
const RECEIPT_TIMEOUT_MS = 60_000

const over = (context: WalletRpcContext, url: string) =>
  custom({ request: ({ method, params }) => jsonRpc(context.fetch, url, method, params, context.signal) })

const chainOf = (context: WalletRpcContext) =>
  defineChain({
    id: context.chainId,
    name: `Chain ${context.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [context.rpcUrl] } },
  })

/**
 * The context of the owner's counterfactual smart account on the context's chain: `account` is the smart
 * account's address, signing as the smart account (ERC-6492 before deployment, ERC-1271 after); it cannot
 * sign raw transactions, so nothing sends from it except through the bundler.
 */
export async function smartAccountContext(context: WalletRpcContext): Promise<WalletRpcContext> {
  const owner = context.account
  const client = createPublicClient({ chain: chainOf(context), transport: over(context, context.rpcUrl) })
  const code = await client.getCode({ address: SMART_ACCOUNT_FACTORY })
  if (!code || code === '0x') throw new RpcError('Smart accounts are not available on this network', 4200)
  const smartAccount = await toCounterfactualAccount(client, owner)
  const account: LocalAccount = {
    address: smartAccount.address,
    publicKey: owner.publicKey,
    source: 'smartAccount',
    type: 'local',
    // Bound: viem's smart account reads its own deployment through `this` to choose ERC-6492 or 1271.
    signMessage: (parameters) => smartAccount.signMessage(parameters),
    signTypedData: ((parameters: Parameters<SmartAccount['signTypedData']>[0]) =>
      smartAccount.signTypedData(parameters)) as LocalAccount['signTypedData'],
    signTransaction: () => {
      throw new RpcError('A smart account sends through its bundler only', 4200)
    },
  }
  return { ...context, account, smartAccount }
}

/** The smart account's answers for the methods that send or describe what it can do; others pass through. */
export async function smartAccountRpc(
  context: WalletRpcContext,
  smartAccount: SmartAccount,
  method: string,
  params: unknown,
): Promise<unknown> {
  const list = Array.isArray(params) ? params : []
  switch (method) {
    case 'eth_sendTransaction': {
      const hash = await sendUserOperation(context, smartAccount, [transactionCall(context, list[0])])
      return transactionHashOf(context, smartAccount, hash)
    }
    case 'wallet_sendCalls': {
      const request = parseSendCalls(context.account, context.chainId, params)
      // Validates the dApp's paymaster capability: one it requires that is not the operator's refuses the batch.
      sponsorshipOf(context, request)
      const hash = await sendUserOperation(context, smartAccount, request.calls)
      return { id: encodeCallsId({ chainId: context.chainId, hash, kind: 'userOperation' }) }
    }
    case 'wallet_getCapabilities': {
      const [address] = list
      if (address !== undefined) assertOwnAddress(context.account, address)
      const sponsored = context.sponsorshipFor?.(context.chainId) !== undefined
      return {
        [`0x${context.chainId.toString(16)}`]: {
          atomic: { status: sponsored ? 'supported' : 'unsupported' },
          ...(sponsored ? { paymasterService: { supported: true } } : {}),
        },
      }
    }
    default:
      return NOT_SMART_ACCOUNT_METHOD
  }
}

/** A dApp transaction as the one call of a user operation; a smart account does not create contracts here. */
export function transactionCall(context: WalletRpcContext, raw: unknown): Call {
  if (!raw || typeof raw !== 'object') throw new RpcError('Invalid transaction', -32602)
  const tx = raw as Record<string, unknown>
  const hex = (value: unknown, name: string): Hex | undefined => {
    if (value === undefined || value === null) return undefined
    if (typeof value !== 'string' || !isHex(value)) throw new RpcError(`Invalid transaction ${name}`, -32602)
    return value
  }
  const from = hex(tx.from, 'from')
  if (from) assertOwnAddress(context.account, from)
  const to = hex(tx.to, 'to')
  if (to?.length !== 42) throw new RpcError('A smart account transaction needs a recipient', -32602)
  const data = hex(tx.data ?? tx.input, 'data')
  const value = hex(tx.value, 'value')
  return { to, data: data ?? '0x', value: value ? hexToBigInt(value) : 0n }
}

/**
 * Sends the calls as one user operation through the operator's bundler; the first one carries the factory's
 * initCode, so it deploys the account. The operator's paymaster pays when its policy allows; when it
 * refuses, the account pays its own gas (refused in turn when it cannot).
 */
async function sendUserOperation(
  context: WalletRpcContext,
  account: SmartAccount,
  calls: readonly Call[],
): Promise<Hex> {
  const endpoints = context.sponsorshipFor?.(context.chainId)
  if (!endpoints)
    throw new RpcError('This network has no bundler for the smart account', CALLS_ERRORS.unsupportedChain)
  const client = createPublicClient({ chain: chainOf(context), transport: over(context, context.rpcUrl) })
  const bundler = createBundlerClient({
    client,
    account,
    transport: over(context, endpoints.bundlerUrl),
    pollingInterval: 1_000,
  })
  const pm = createPaymasterClient({ transport: over(context, endpoints.paymasterUrl) })
  let paymasterRefused = false
  const refusedOn =
    <A, R>(ask: (parameters: A) => Promise<R>) =>
    async (parameters: A) => {
      try {
        return await ask(parameters)
      } catch (error) {
        paymasterRefused = true
        throw error
      }
    }
  const paymaster = {
    getPaymasterStubData: refusedOn(pm.getPaymasterStubData),
    getPaymasterData: refusedOn(pm.getPaymasterData),
  }
  try {
    return await bundler.sendUserOperation({ calls: [...calls], paymaster })
  } catch (error) {
    if (!paymasterRefused) throw refused(error)
  }
  try {
    return await bundler.sendUserOperation({ calls: [...calls] })
  } catch (error) {
    throw refused(error)
  }
}

// A bundler that cannot be reached is the visitor's catalogued message (-32002), not the raw fetch error.
const refused = (error: unknown) =>
  isSponsorUnreachable(error)
    ? sponsorUnavailableError()
    : new RpcError(
        `The smart account's operation was refused: ${(error as { shortMessage?: string }).shortMessage ?? (error as Error).message}`,
        -32603,
      )

/** The transaction that carried the user operation (what eth_sendTransaction answers), waited for, bounded. */
async function transactionHashOf(context: WalletRpcContext, account: SmartAccount, hash: Hex): Promise<Hex> {
  const endpoints = context.sponsorshipFor?.(context.chainId)
  if (!endpoints) throw new RpcError('This network has no bundler for the smart account', -32603)
  const client = createPublicClient({
    chain: chainOf(context),
    transport: over(context, rpcUrlOf(context, context.chainId)),
  })
  const bundler = createBundlerClient({ client, account, transport: over(context, endpoints.bundlerUrl) })
  const receipt = await bundler.waitForUserOperationReceipt({
    hash,
    timeout: RECEIPT_TIMEOUT_MS,
    pollingInterval: 1_000,
  })
  return receipt.receipt.transactionHash
}
