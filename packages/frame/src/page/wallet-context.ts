import {
  type Chain,
  type CustomTransport,
  createWalletClient,
  custom,
  defineChain,
  isAddressEqual,
  isHex,
  type LocalAccount,
  type TypedDataDefinition,
  type WalletClient,
} from 'viem'
import type { SmartAccount } from 'viem/account-abstraction'
import type { FetchLike } from './auth-client.js'
import { jsonRpc, RpcError } from './json-rpc.js'

/** The frame's EVM account on one chain, and how it reaches that chain. */
export interface WalletRpcContext {
  account: LocalAccount
  chainId: number
  rpcUrl: string
  fetch: FetchLike
  signal?: AbortSignal
  /** Another chain's endpoint (a batch's status is read on the batch's chain, whatever the current one). */
  rpcUrlFor?: (chainId: number) => string
  /** The operator's bundler and paymaster on a chain; undefined where the operator sponsors nothing. */
  sponsorshipFor?: (chainId: number) => Sponsorship | undefined
  /** Set when the visitor chose the smart account: `account` is then its address, signing as it. */
  smartAccount?: SmartAccount
}

/** Where a sponsored batch goes: the chain's ERC-4337 bundler and the operator's ERC-7677 paymaster. */
export type Sponsorship = { bundlerUrl: string; paymasterUrl: string }

export function assertOwnAddress(account: LocalAccount, address: unknown) {
  if (
    typeof address !== 'string' ||
    !isHex(address) ||
    address.length !== 42 ||
    !isAddressEqual(address, account.address)
  ) {
    throw new RpcError('Address does not match the connected account', 4100)
  }
}

export function parseTypedData(data: unknown): TypedDataDefinition {
  let value = data
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value)
    } catch {
      throw new RpcError('Invalid typed data', -32602)
    }
  }
  if (!value || typeof value !== 'object') throw new RpcError('Invalid typed data', -32602)
  const { domain, types, primaryType, message } = value as Record<string, unknown>
  if (!types || typeof types !== 'object' || typeof primaryType !== 'string' || !message) {
    throw new RpcError('Invalid typed data', -32602)
  }
  return {
    domain: (domain ?? {}) as TypedDataDefinition['domain'],
    types,
    primaryType,
    message,
  } as TypedDataDefinition
}

/** viem's wallet client for the frame's account on the context's chain, over the frame's own fetch. */
export function walletClientFor(
  context: WalletRpcContext,
): WalletClient<CustomTransport, Chain, LocalAccount> {
  const chain = defineChain({
    id: context.chainId,
    name: `Chain ${context.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [context.rpcUrl] } },
  })
  return createWalletClient({
    account: context.account,
    chain,
    transport: custom({
      request: ({ method, params }) => jsonRpc(context.fetch, context.rpcUrl, method, params, context.signal),
    }),
  })
}
