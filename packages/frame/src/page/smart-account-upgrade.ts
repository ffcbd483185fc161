import { type Hex, hexToBigInt, isHex } from 'viem'
import { AUTHORIZATION_GAS } from './describe-calls.js'
import { jsonRpc, RpcError } from './json-rpc.js'
import { nativeSymbol } from './native-symbol.js'
import {
  type DelegationState,
  delegationStateOf,
  hasSmartAccountCode,
  SIMPLE_7702_ACCOUNT,
} from './smart-account-delegation.js'
import { sendToSelf } from './wallet-calls.js'
import type { WalletRpcContext } from './wallet-context.js'

/** What the approval sheet shows before the account upgrades to a smart account on one chain. */
export type UpgradeDetails = {
  kind: 'upgrade'
  chainId: number
  symbol: string
  /** The upgrade's own transaction fee in wei; undefined when the chain could not estimate it. */
  fee: bigint | undefined
  balance: bigint | undefined
  /** The balance cannot pay the fee: the sheet says so and Approve stays off. */
  insufficientFunds: boolean
}

/** How long the wallet waits for the upgrade's transaction to be mined before it gives up answering. */
export const UPGRADE_RECEIPT_TIMEOUT_MS = 60_000
const RECEIPT_POLL_MS = 1000

type Rpc = (method: string, params: unknown[]) => Promise<unknown>

const rpcOf =
  (context: WalletRpcContext): Rpc =>
  (method, params) =>
    jsonRpc(context.fetch, context.rpcUrl, method, params, context.signal)

/**
 * The chains among `chainIds` whose RPC has the smart-account code, asked in parallel; a chain whose RPC
 * fails is left out (the visitor is never offered an upgrade that cannot run).
 */
export async function smartAccountChains(
  chainIds: readonly number[],
  probe: (chainId: number) => Promise<unknown>,
): Promise<number[]> {
  const found = await Promise.all(
    chainIds.map((chainId) =>
      probe(chainId).then(
        (code) => hasSmartAccountCode(code),
        () => false,
      ),
    ),
  )
  return chainIds.filter((_, index) => found[index])
}

/** Where the account stands on the context's chain (one `eth_getCode`). */
export async function delegationState(context: WalletRpcContext): Promise<DelegationState> {
  return delegationStateOf(await rpcOf(context)('eth_getCode', [context.account.address, 'latest']))
}

/**
 * The sheet's facts for the upgrade: the fee of one empty transaction to itself plus the authorization's
 * gas, and the balance. Throws before any sheet when the chain has no smart-account code.
 */
export async function describeUpgrade(context: WalletRpcContext): Promise<UpgradeDetails> {
  const rpc = rpcOf(context)
  const { address } = context.account
  const implementation = await rpc('eth_getCode', [SIMPLE_7702_ACCOUNT, 'latest'])
  if (!hasSmartAccountCode(implementation)) {
    throw new RpcError('Smart accounts are not available on this network', 4200)
  }
  const [gas, gasPrice, balance] = await Promise.all([
    rpc('eth_estimateGas', [{ from: address, to: address }]).then(toBigInt, () => undefined),
    rpc('eth_gasPrice', []).then(toBigInt, () => undefined),
    rpc('eth_getBalance', [address, 'latest']).then(toBigInt, () => undefined),
  ])
  const fee = gas !== undefined && gasPrice !== undefined ? (gas + AUTHORIZATION_GAS) * gasPrice : undefined
  return {
    kind: 'upgrade',
    chainId: context.chainId,
    symbol: nativeSymbol(context.chainId),
    fee,
    balance,
    insufficientFunds: balance !== undefined && balance < (fee ?? 0n),
  }
}

/**
 * Upgrades the account: one type-4 transaction to itself with empty data and the chain-bound authorization,
 * then waits (bounded) until it is mined and the account runs the smart-account code.
 */
export async function upgradeAccount(
  context: WalletRpcContext,
  options: { timeoutMs?: number; pollMs?: number; now?: () => number } = {},
): Promise<Hex> {
  const hash = await sendToSelf(context, '0x', false)
  const now = options.now ?? Date.now
  const deadline = now() + (options.timeoutMs ?? UPGRADE_RECEIPT_TIMEOUT_MS)
  const rpc = rpcOf(context)
  for (;;) {
    const receipt = (await rpc('eth_getTransactionReceipt', [hash])) as { status?: unknown } | null
    if (receipt) {
      if (receipt.status !== '0x1') throw new RpcError('The upgrade transaction failed on chain', -32603)
      return hash
    }
    if (now() >= deadline) throw new RpcError(`The upgrade transaction ${hash} is not mined yet`, -32603)
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? RECEIPT_POLL_MS))
  }
}

const toBigInt = (value: unknown) =>
  typeof value === 'string' && isHex(value) ? hexToBigInt(value) : undefined
