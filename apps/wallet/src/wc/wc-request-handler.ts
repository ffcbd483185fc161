import type { Hex } from 'viem'
import type { HDAccount } from 'viem/accounts'
import { callJsonRpc } from '../json-rpc-client.js'
import { invalidParamsError, unsupportedMethodError } from '../provider-rpc-error.js'
import { completeTransaction, parseTransactionRequest } from '../transaction-request.js'
import { parseTypedDataRequest, toViemTypedData } from '../typed-data-request.js'

export interface WcRequest {
  readonly method: string
  readonly params: unknown
}

const list = (params: unknown): readonly unknown[] => (Array.isArray(params) ? params : [])

/**
 * Carries out one approved WalletConnect request with the dev key: signatures locally, transactions to
 * the devnet at `<rpcBase>/<chainId>`. `switchChain` reports a network switch as a session event.
 */
export async function executeWcRequest(
  request: WcRequest,
  context: {
    account: HDAccount
    chainId: number
    rpcBase: string
    switchChain(chainId: number): Promise<void>
  },
): Promise<unknown> {
  const { account, chainId } = context
  const params = list(request.params)
  switch (request.method) {
    case 'personal_sign': {
      const raw = params[0]
      if (typeof raw !== 'string') throw invalidParamsError('personal_sign expects [message, address]')
      return account.signMessage({ message: raw.startsWith('0x') ? { raw: raw as Hex } : raw })
    }
    case 'eth_signTypedData_v4':
      return account.signTypedData(toViemTypedData(parseTypedDataRequest(params[1])))
    case 'eth_sendTransaction': {
      const transaction = parseTransactionRequest(params[0])
      const url = `${context.rpcBase}/${chainId}`
      const read = (method: string, readParams: readonly unknown[] = []) =>
        callJsonRpc(url, method, readParams)
      const signed = await account.signTransaction(
        await completeTransaction(transaction, account.address, chainId, read),
      )
      return read('eth_sendRawTransaction', [signed])
    }
    case 'wallet_switchEthereumChain': {
      const target = (params[0] as { chainId?: unknown } | undefined)?.chainId
      if (typeof target !== 'string') throw invalidParamsError('expects [{ chainId }]')
      await context.switchChain(Number.parseInt(target, 16))
      return null
    }
    default:
      throw unsupportedMethodError(request.method)
  }
}

/** The part of the sign client that answers a request. */
export interface WcResponder {
  respond(args: { topic: string; response: never }): Promise<void>
}

/**
 * Runs a request and sends its result, or its error with the error's own code (4001, 5760, …), to the dApp;
 * resolves with a line for the page's status.
 */
export async function answerWith(
  client: WcResponder,
  topic: string,
  id: number,
  method: string,
  run: () => Promise<unknown>,
): Promise<string> {
  try {
    const result = await run()
    await client.respond({ topic, response: { id, jsonrpc: '2.0', result } as never })
    return `Answered ${method}`
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown }
    await client.respond({
      topic,
      response: {
        id,
        jsonrpc: '2.0',
        error: { code: typeof code === 'number' ? code : -32603, message: String(message) },
      } as never,
    })
    return `Error: ${String(message)}`
  }
}
