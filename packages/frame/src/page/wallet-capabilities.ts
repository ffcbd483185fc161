import { type Hex, hexToBigInt, isHex, numberToHex } from 'viem'
import { rpcUrlOf } from './calls-status.js'
import { jsonRpc, RpcError } from './json-rpc.js'
import { PERMISSIONS_CAPABILITY } from './permissions/permission-capability.js'
import { delegationStateOf, hasSmartAccountCode, SIMPLE_7702_ACCOUNT } from './smart-account-delegation.js'
import { assertOwnAddress, type WalletRpcContext } from './wallet-context.js'

/**
 * EIP-5792's `atomic` capability per chain: `supported` once the account runs its smart-account code,
 * `ready` while it is a plain EOA that its first batch upgrades (EIP-7702), `unsupported` on a chain
 * without that code.
 */
export type AtomicStatus = 'supported' | 'ready' | 'unsupported'

/** A dApp asks about a handful of chains; more would only make the wallet query chains for nothing. */
const MAX_CHAINS = 20

type ChainCapabilities = {
  atomic: { status: AtomicStatus }
  paymasterService?: { supported: true }
  permissions: typeof PERMISSIONS_CAPABILITY
}

/**
 * `wallet_getCapabilities [address, chainIds?]`: the chains asked for (else the current one) it can reach.
 * `paymasterService` (ERC-7677) where the operator set a bundler and paymaster and the chain runs the
 * smart-account code a sponsored batch needs.
 */
export async function walletCapabilities(
  context: WalletRpcContext,
  params: unknown,
): Promise<Record<Hex, ChainCapabilities>> {
  const [address, chainIds] = Array.isArray(params) ? params : []
  if (address !== undefined) assertOwnAddress(context.account, address)
  const chains = requestedChains(chainIds) ?? [context.chainId]
  const answers = await Promise.all(
    chains.map(async (chainId) => {
      try {
        const rpcUrl = rpcUrlOf(context, chainId)
        const rpc = (target: Hex) =>
          jsonRpc(context.fetch, rpcUrl, 'eth_getCode', [target, 'latest'], context.signal)
        const [implementation, code] = await Promise.all([
          rpc(SIMPLE_7702_ACCOUNT),
          rpc(context.account.address),
        ])
        const status: AtomicStatus = !hasSmartAccountCode(implementation)
          ? 'unsupported'
          : delegationStateOf(code) === 'smart'
            ? 'supported'
            : 'ready'
        const sponsored = status !== 'unsupported' && context.sponsorshipFor?.(chainId) !== undefined
        const capabilities: ChainCapabilities = {
          atomic: { status },
          ...(sponsored ? { paymasterService: { supported: true } } : {}),
          permissions: PERMISSIONS_CAPABILITY,
        }
        return [numberToHex(chainId), capabilities] as const
      } catch {
        // A chain the wallet cannot reach is left out, as EIP-5792 asks.
        return undefined
      }
    }),
  )
  return Object.fromEntries(answers.filter((answer) => answer !== undefined))
}

function requestedChains(chainIds: unknown): number[] | undefined {
  if (chainIds === undefined || chainIds === null) return undefined
  if (!Array.isArray(chainIds) || chainIds.length > MAX_CHAINS) {
    throw new RpcError('Invalid chain ids', -32602)
  }
  if (chainIds.length === 0) return undefined
  return chainIds.map((chainId) => {
    if (typeof chainId !== 'string' || !isHex(chainId) || chainId.length > 18) {
      throw new RpcError('Invalid chain id', -32602)
    }
    const value = hexToBigInt(chainId)
    if (value <= 0n || value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RpcError('Invalid chain id', -32602)
    return Number(value)
  })
}
