import { createPublicClient, custom, defineChain, type Hex, isHex } from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  toSimple7702SmartAccount,
} from 'viem/account-abstraction'
import type { PrivateKeyAccount } from 'viem/accounts'
import { CALLS_ERRORS } from './calls-constants.js'
import { jsonRpc, RpcError } from './json-rpc.js'
import { delegationStateOf, SIMPLE_7702_ACCOUNT } from './smart-account-delegation.js'
import { isSponsorUnreachable, sponsorUnavailableError } from './sponsor-unavailable.js'
import type { CallsRequest } from './wallet-calls.js'
import { type Sponsorship, type WalletRpcContext, walletClientFor } from './wallet-context.js'

export type { Sponsorship }

/**
 * The sponsorship a batch gets: the operator's bundler and paymaster on the batch's chain, when the dApp's
 * `paymasterService` URL is the operator's paymaster for this project. Any other URL is never fetched (the
 * frame calls only endpoints its operator set, and its CSP allows no other): an optional one is ignored and
 * the batch goes the unsponsored way, with the fee the account pays on the sheet; a required one refuses it.
 */
export function sponsorshipOf(context: WalletRpcContext, request: CallsRequest): Sponsorship | undefined {
  const { paymaster } = request
  if (paymaster === undefined) return undefined
  const sponsorship = context.sponsorshipFor?.(request.chainId)
  if (sponsorship && new URL(paymaster.url).href === new URL(sponsorship.paymasterUrl).href)
    return sponsorship
  // EIP-5792: a capability the dApp requires and the wallet cannot honour refuses the batch; an optional
  // one is left out, and the account pays its own fee.
  if (!paymaster.optional) {
    throw new RpcError(
      'The wallet does not support this paymaster service: only its operator’s paymaster sponsors batches',
      CALLS_ERRORS.unsupportedCapability,
    )
  }
  return undefined
}

/** The account as viem's Simple7702Account (EntryPoint v0.8) and its bundler, paying through the paymaster. */
async function sponsoredClients(context: WalletRpcContext, sponsorship: Sponsorship) {
  const over = (url: string) =>
    custom({ request: ({ method, params }) => jsonRpc(context.fetch, url, method, params, context.signal) })
  const chain = defineChain({
    id: context.chainId,
    name: `Chain ${context.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [context.rpcUrl] } },
  })
  const client = createPublicClient({ chain, transport: over(context.rpcUrl) })
  const owner = context.account
  // The frame's key account signs hashes and authorizations; an account that cannot is not a 7702 owner.
  if (!owner.sign || !owner.signAuthorization)
    throw new RpcError('This account cannot send sponsored batches', CALLS_ERRORS.unsupportedCapability)
  const account = await toSimple7702SmartAccount({ client, owner: owner as PrivateKeyAccount })
  const bundler = createBundlerClient({
    client,
    account,
    transport: over(sponsorship.bundlerUrl),
    paymaster: createPaymasterClient({ transport: over(sponsorship.paymasterUrl) }),
    // A user operation lands within a block or two; the status call polls, not this client.
    pollingInterval: 1_000,
  })
  return { client, bundler }
}

/**
 * Sends the batch as one user operation whose gas the dApp's paymaster pays, so an account without ETH can
 * send it. An account not yet running the wallet's smart-account code carries its EIP-7702 authorization in
 * the operation (signed for this chain only; the bundler's transaction delegates it). Answers the user
 * operation's hash.
 */
export async function sendSponsoredCalls(
  context: WalletRpcContext,
  request: CallsRequest,
  sponsorship: Sponsorship,
): Promise<Hex> {
  const { client, bundler } = await sponsoredClients(context, sponsorship)
  const address = context.account.address
  const code = await client.getCode({ address })
  const authorization =
    delegationStateOf(code ?? '0x') === 'smart'
      ? undefined
      : await walletClientFor(context).signAuthorization({
          account: context.account,
          contractAddress: SIMPLE_7702_ACCOUNT,
          chainId: context.chainId,
          nonce: await client.getTransactionCount({ address }),
        })
  try {
    return await bundler.sendUserOperation({
      calls: request.calls.map((call) => ({ to: call.to, value: call.value, data: call.data })),
      ...(authorization ? { authorization } : {}),
    })
  } catch (error) {
    if (isSponsorUnreachable(error)) throw sponsorUnavailableError()
    throw new RpcError(
      `The sponsored batch was refused: ${(error as { shortMessage?: string }).shortMessage ?? (error as Error).message}`,
      CALLS_ERRORS.unsupportedCapability,
    )
  }
}

export type UserOperationOutcome = {
  success: boolean
  transactionHash: Hex
  blockNumber: bigint
  gasUsed: bigint
}

/** The bundler's receipt of a user operation, or undefined while it is pending. */
export async function userOperationOutcome(
  context: WalletRpcContext,
  bundlerUrl: string,
  hash: Hex,
): Promise<UserOperationOutcome | undefined> {
  const receipt = (await jsonRpc(
    context.fetch,
    bundlerUrl,
    'eth_getUserOperationReceipt',
    [hash],
    context.signal,
  )) as {
    success?: boolean
    receipt?: { transactionHash?: unknown; blockNumber?: unknown; gasUsed?: unknown }
  } | null
  const tx = receipt?.receipt
  if (!receipt || !tx || !isHex(tx.transactionHash) || !isHex(tx.blockNumber) || !isHex(tx.gasUsed))
    return undefined
  return {
    success: receipt.success === true,
    transactionHash: tx.transactionHash,
    blockNumber: BigInt(tx.blockNumber),
    gasUsed: BigInt(tx.gasUsed),
  }
}
