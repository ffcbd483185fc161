import { READ_ONLY_METHODS } from '@portico/wire'
import { type Hex, hexToBigInt, hexToNumber, isHex, numberToHex } from 'viem'
import { encodeCallsId } from './calls-id.js'
import { callsStatus } from './calls-status.js'
import { jsonRpc, RpcError } from './json-rpc.js'
import { NOT_SMART_ACCOUNT_METHOD, smartAccountRpc } from './smart-account-rpc.js'
import { sendSponsoredCalls, sponsorshipOf } from './sponsored-calls.js'
import { parseSendCalls, sendCalls } from './wallet-calls.js'
import { walletCapabilities } from './wallet-capabilities.js'
import { assertOwnAddress, parseTypedData, type WalletRpcContext, walletClientFor } from './wallet-context.js'

/** Answers an allowed RPC method for the frame's account. The caller has checked the allow-list. */
export async function handleWalletRpc(
  context: WalletRpcContext,
  method: string,
  params: unknown,
): Promise<unknown> {
  if (context.smartAccount) {
    const answer = await smartAccountRpc(context, context.smartAccount, method, params)
    if (answer !== NOT_SMART_ACCOUNT_METHOD) return answer
  }
  const { account, chainId } = context
  const list = Array.isArray(params) ? params : []
  switch (method) {
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return [account.address]
    case 'eth_chainId':
      return numberToHex(chainId)
    case 'personal_sign': {
      const [message, address] = list
      assertOwnAddress(account, address)
      if (typeof message !== 'string') throw new RpcError('Invalid message', -32602)
      return account.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
    case 'eth_signTypedData_v4': {
      const [address, data] = list
      assertOwnAddress(account, address)
      return account.signTypedData(parseTypedData(data))
    }
    case 'eth_sendTransaction':
      return sendTransaction(context, list[0])
    case 'eth_sendRawTransaction':
      return jsonRpc(context.fetch, context.rpcUrl, method, list, context.signal)
    case 'wallet_getCapabilities':
      return walletCapabilities(context, params)
    case 'wallet_sendCalls': {
      const request = parseSendCalls(account, chainId, params)
      const sponsorship = sponsorshipOf(context, request)
      if (!sponsorship)
        return {
          id: encodeCallsId({ chainId, hash: await sendCalls(context, request), kind: 'transaction' }),
        }
      const hash = await sendSponsoredCalls(context, request, sponsorship)
      return { id: encodeCallsId({ chainId, hash, kind: 'userOperation' }) }
    }
    case 'wallet_getCallsStatus':
      return callsStatus(context, params)
    default:
      if (READ_ONLY_METHODS.has(method))
        return jsonRpc(context.fetch, context.rpcUrl, method, params, context.signal)
      // wallet_grantPermissions and calls under a permission are the frame handler's (permissions/*), as
      // are the solana_* methods, with the Solana key.
      throw new RpcError(`${method} is not supported by this wallet`, 4200)
  }
}

const optionalHex = (value: unknown, name: string): Hex | undefined => {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !isHex(value)) throw new RpcError(`Invalid transaction ${name}`, -32602)
  return value
}

/** Fills nonce, gas and fees from the chain (viem's local-account path), signs and sends the raw transaction. */
async function sendTransaction(context: WalletRpcContext, raw: unknown): Promise<Hex> {
  if (!raw || typeof raw !== 'object') throw new RpcError('Invalid transaction', -32602)
  const tx = raw as Record<string, unknown>
  const from = optionalHex(tx.from, 'from')
  if (from) assertOwnAddress(context.account, from)
  const to = optionalHex(tx.to, 'to')
  const data = optionalHex(tx.data ?? tx.input, 'data')
  const value = optionalHex(tx.value, 'value')
  const gas = optionalHex(tx.gas, 'gas')
  const nonce = optionalHex(tx.nonce, 'nonce')
  const gasPrice = optionalHex(tx.gasPrice, 'gasPrice')
  const maxFeePerGas = optionalHex(tx.maxFeePerGas, 'maxFeePerGas')
  const maxPriorityFeePerGas = optionalHex(tx.maxPriorityFeePerGas, 'maxPriorityFeePerGas')

  const client = walletClientFor(context)
  const base = {
    account: context.account,
    chain: client.chain,
    ...(to ? { to } : {}),
    ...(data ? { data } : {}),
    ...(value ? { value: hexToBigInt(value) } : {}),
    ...(gas ? { gas: hexToBigInt(gas) } : {}),
    ...(nonce ? { nonce: hexToNumber(nonce) } : {}),
  }
  if (gasPrice) return client.sendTransaction({ ...base, gasPrice: hexToBigInt(gasPrice) })
  return client.sendTransaction({
    ...base,
    ...(maxFeePerGas ? { maxFeePerGas: hexToBigInt(maxFeePerGas) } : {}),
    ...(maxPriorityFeePerGas ? { maxPriorityFeePerGas: hexToBigInt(maxPriorityFeePerGas) } : {}),
  })
}
