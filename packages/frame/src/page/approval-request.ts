import { type Address, type Hex, hexToBigInt, isAddress, isHex } from 'viem'
import type { CallsStatusDetails } from './calls-status-details.js'
import { type CallsDetails, describeCalls } from './describe-calls.js'
import { jsonRpc, RpcError } from './json-rpc.js'
import { nativeSymbol } from './native-symbol.js'
import type { PermissionsDetails } from './permissions/grant-permissions.js'
import { transactionCall } from './smart-account-rpc.js'
import type { UpgradeDetails } from './smart-account-upgrade.js'
import { sponsorshipOf } from './sponsored-calls.js'
import { parseSendCalls } from './wallet-calls.js'
import { assertOwnAddress, parseTypedData, type WalletRpcContext } from './wallet-context.js'

/** Not-safe methods this wallet can actually carry out; the others are refused before any sheet shows. */
export const SIGNING_METHODS: ReadonlySet<string> = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
])

/** What the approval sheet shows for one request, read from the request and the chain. */
export type ApprovalDetails =
  | { kind: 'message'; text: string }
  | { kind: 'typedData'; domainName: string | undefined; primaryType: string; json: string }
  | {
      kind: 'transaction'
      chainId: number
      symbol: string
      to: Address | undefined
      value: bigint
      hasData: boolean
      /** Estimated network fee in wei; undefined when the chain could not estimate it. */
      fee: bigint | undefined
      balance: bigint | undefined
      /** The balance cannot pay value + fee: the sheet says so and Approve stays off. */
      insufficientFunds: boolean
    }
  | {
      kind: 'solanaTransaction'
      /** The cluster's name (Solana Devnet…). */
      network: string
      /** Sent by the wallet once signed (signAndSend), or only signed and handed back. */
      send: boolean
      /** Each transfer out of the account: amount in base units with its decimals and symbol. */
      transfers: { to: string; amount: bigint; decimals: number; symbol: string }[]
      /** The transaction does more than the transfers shown (other programs). */
      otherInstructions: boolean
      /** Network fee in lamports, when the account pays it and the cluster priced it. */
      fee: bigint | undefined
      balance: bigint | undefined
      insufficientFunds: boolean
    }
  | CallsDetails
  | CallsStatusDetails
  | UpgradeDetails
  | PermissionsDetails

/** The signing requests whose account may not pay them: value and fee against the balance. */
export const paysFromBalance = (
  details: ApprovalDetails,
): details is Extract<ApprovalDetails, { insufficientFunds: boolean }> =>
  details.kind === 'transaction' ||
  details.kind === 'solanaTransaction' ||
  details.kind === 'calls' ||
  details.kind === 'upgrade'

export type DescribeContext = WalletRpcContext

/**
 * Checks a signing request and reads what the visitor must see before approving it. Throws the same
 * RPC errors the wallet would (wrong address, bad params) so a bad request never reaches the sheet.
 */
export async function describeApproval(
  context: DescribeContext,
  method: string,
  params: unknown,
): Promise<ApprovalDetails> {
  const list = Array.isArray(params) ? params : []
  switch (method) {
    case 'personal_sign': {
      const [message, address] = list
      assertOwnAddress(context.account, address)
      if (typeof message !== 'string') throw new RpcError('Invalid message', -32602)
      return { kind: 'message', text: readableMessage(message) }
    }
    case 'eth_signTypedData_v4': {
      const [address, data] = list
      assertOwnAddress(context.account, address)
      const typed = parseTypedData(data)
      const domainName = typeof typed.domain?.name === 'string' ? typed.domain.name : undefined
      return {
        kind: 'typedData',
        domainName,
        primaryType: String(typed.primaryType),
        json: JSON.stringify(typed.message, bigintReplacer, 2),
      }
    }
    case 'eth_sendTransaction':
      // A smart account sends it as a one-call user operation, which the operator's paymaster pays first.
      if (context.smartAccount)
        return describeCalls(
          context,
          { chainId: context.chainId, calls: [transactionCall(context, list[0])] },
          operatorPays(context),
        )
      return describeTransaction(context, list[0])
    case 'wallet_sendCalls': {
      const request = parseSendCalls(context.account, context.chainId, params)
      const sponsored = sponsorshipOf(context, request) !== undefined
      return describeCalls(context, request, sponsored || operatorPays(context))
    }
    default:
      throw new RpcError(`${method} is not supported by this wallet`, 4200)
  }
}

/** A smart account's user operations go to the operator's paymaster first, whatever the dApp asked. */
const operatorPays = (context: DescribeContext) =>
  context.smartAccount !== undefined && context.sponsorshipFor?.(context.chainId) !== undefined

async function describeTransaction(context: DescribeContext, raw: unknown): Promise<ApprovalDetails> {
  if (!raw || typeof raw !== 'object') throw new RpcError('Invalid transaction', -32602)
  const tx = raw as Record<string, unknown>
  if (tx.from !== undefined && tx.from !== null) assertOwnAddress(context.account, tx.from)
  const to = tx.to === undefined || tx.to === null ? undefined : tx.to
  if (to !== undefined && (typeof to !== 'string' || !isAddress(to, { strict: false }))) {
    throw new RpcError('Invalid transaction to', -32602)
  }
  const value = hexField(tx.value, 'value') ?? 0n
  const data = tx.data ?? tx.input
  if (data !== undefined && data !== null && (typeof data !== 'string' || !isHex(data))) {
    throw new RpcError('Invalid transaction data', -32602)
  }
  const rpc = (method: string, params: unknown[]) =>
    jsonRpc(context.fetch, context.rpcUrl, method, params, context.signal)
  const call = {
    from: context.account.address,
    ...(to ? { to } : {}),
    ...(value ? { value: `0x${value.toString(16)}` } : {}),
    ...(typeof data === 'string' && data !== '0x' ? { data } : {}),
  }
  const { value: _value, ...withoutValue } = call
  const [gas, gasPrice, balance] = await Promise.all([
    hexField(tx.gas, 'gas') ??
      rpc('eth_estimateGas', [call]).then(toBigInt, () =>
        // A value the balance cannot pay makes the chain refuse the estimate: the fee is still shown,
        // estimated without it (a transfer's gas does not depend on its value).
        value ? rpc('eth_estimateGas', [withoutValue]).then(toBigInt, () => undefined) : undefined,
      ),
    hexField(tx.maxFeePerGas ?? tx.gasPrice, 'fee') ??
      rpc('eth_gasPrice', []).then(toBigInt, () => undefined),
    rpc('eth_getBalance', [context.account.address, 'latest']).then(toBigInt, () => undefined),
  ])
  const fee = gas !== undefined && gasPrice !== undefined ? gas * gasPrice : undefined
  return {
    kind: 'transaction',
    chainId: context.chainId,
    symbol: nativeSymbol(context.chainId),
    to: to as Address | undefined,
    value,
    hasData: typeof data === 'string' && data !== '0x' && data.length > 2,
    fee,
    balance,
    insufficientFunds: balance !== undefined && balance < value + (fee ?? 0n),
  }
}

function hexField(value: unknown, name: string): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !isHex(value)) throw new RpcError(`Invalid transaction ${name}`, -32602)
  return hexToBigInt(value)
}

const toBigInt = (value: unknown) =>
  typeof value === 'string' && isHex(value) ? hexToBigInt(value) : undefined

const bigintReplacer = (_key: string, value: unknown) =>
  typeof value === 'bigint' ? value.toString() : value

/** personal_sign carries hex: show it as text when it is UTF-8 text, else as hex. */
export function readableMessage(message: string): string {
  if (!/^0x([0-9a-f]{2})*$/i.test(message)) return message
  const bytes = new Uint8Array((message.slice(2).match(/../g) ?? []).map((byte) => Number.parseInt(byte, 16)))
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    // Control characters (other than line breaks and tabs) would hide what is signed: show hex instead.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of the check
    return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? message : text
  } catch {
    return message as Hex
  }
}
