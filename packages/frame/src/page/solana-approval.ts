import { getBase64Decoder } from '@solana/kit'
import { bytesToHex } from 'viem'
import { type ApprovalDetails, readableMessage } from './approval-request.js'
import { jsonRpc } from './json-rpc.js'
import { requireRpcUrl, type SolanaContext, type SolanaRequest } from './solana-request.js'

/** Token symbols the sheet can name by mint; any other token shows its shortened mint. */
const KNOWN_MINTS: Readonly<Record<string, string>> = {
  EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v: 'USDC',
}
const SOL_DECIMALS = 9

const shortMint = (mint: string) => `${mint.slice(0, 4)}…${mint.slice(-4)}`

/**
 * What the approval sheet shows for a checked Solana request: the message text, or the transfers, the
 * cluster, the fee and the balance read from the cluster (a read that fails shows as unknown).
 */
export async function describeSolanaRequest(
  context: SolanaContext,
  request: SolanaRequest,
): Promise<ApprovalDetails> {
  if (request.method === 'solana_signMessage') {
    return { kind: 'message', text: readableMessage(bytesToHex(request.message)) }
  }
  const { cluster, inspected } = request
  const url = requireRpcUrl(context, cluster)
  const owner = context.key.address
  const rpc = (method: string, params: unknown[]) =>
    jsonRpc(context.fetch, url, method, params, context.signal)
  const message = getBase64Decoder().decode(inspected.transaction.messageBytes)
  const paysFee = inspected.feePayer === owner
  const [fee, balance, transfers] = await Promise.all([
    paysFee
      ? rpc('getFeeForMessage', [message, { commitment: 'confirmed' }]).then(lamportsValue, () => undefined)
      : undefined,
    rpc('getBalance', [owner, { commitment: 'confirmed' }]).then(lamportsValue, () => undefined),
    Promise.all(
      inspected.transfers.map(async (transfer) => {
        if (transfer.kind === 'sol') {
          return { to: transfer.to, amount: transfer.lamports, decimals: SOL_DECIMALS, symbol: 'SOL' }
        }
        // A token goes to a token account: the sheet names the wallet that owns it.
        const to =
          transfer.owner ?? (await tokenAccountOwner(rpc, transfer.destination)) ?? transfer.destination
        const symbol = KNOWN_MINTS[transfer.mint] ?? shortMint(transfer.mint)
        return { to, amount: transfer.amount, decimals: transfer.decimals, symbol }
      }),
    ),
  ])
  const lamportsOut = inspected.transfers.reduce(
    (sum, transfer) => (transfer.kind === 'sol' ? sum + transfer.lamports : sum),
    0n,
  )
  return {
    kind: 'solanaTransaction',
    network: cluster.name,
    send: request.method === 'solana_signAndSendTransaction',
    transfers,
    otherInstructions: inspected.otherInstructions || inspected.transfers.length === 0,
    fee,
    balance,
    insufficientFunds: balance !== undefined && balance < lamportsOut + (fee ?? 0n),
  }
}

/** `{ value: n }` of getBalance and getFeeForMessage; null (an unknown blockhash) reads as unknown. */
function lamportsValue(result: unknown): bigint | undefined {
  const value = (result as { value?: unknown } | null)?.value
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined
}

async function tokenAccountOwner(
  rpc: (method: string, params: unknown[]) => Promise<unknown>,
  account: string,
): Promise<string | undefined> {
  try {
    const result = (await rpc('getAccountInfo', [
      account,
      { encoding: 'jsonParsed', commitment: 'confirmed' },
    ])) as {
      value?: { data?: { parsed?: { info?: { owner?: unknown } } } } | null
    }
    const owner = result?.value?.data?.parsed?.info?.owner
    return typeof owner === 'string' ? owner : undefined
  } catch {
    return undefined
  }
}
