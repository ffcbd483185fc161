import type { HDAccount } from 'viem/accounts'
import type { ApprovalRequest } from '../approval-request.js'
import { type CallsBatches, createCallsBatches } from '../calls-batches.js'
import type { CallsMethodsContext } from '../calls-methods.js'
import { describeApprovalRequest } from '../describe-approval-request.js'
import { callJsonRpc } from '../json-rpc-client.js'
import { userRejectedError } from '../provider-rpc-error.js'
import { completeTransaction } from '../transaction-request.js'

/**
 * The WalletConnect wallet's EIP-5792 batches, shared by every session: each call is a transaction the dev key
 * signs and sends to `<rpcBase>/<chainId>`, one after another.
 */
export function createWcBatches(account: HDAccount, rpcBase: string): CallsBatches {
  const read = (chainId: number, method: string, params: readonly unknown[] = []) =>
    callJsonRpc(`${rpcBase}/${chainId}`, method, params)
  return createCallsBatches({
    read,
    async send(call, chainId) {
      const chainRead = (method: string, params?: readonly unknown[]) => read(chainId, method, params)
      const transaction = await completeTransaction(call, account.address, chainId, chainRead)
      return (await chainRead('eth_sendRawTransaction', [
        await account.signTransaction(transaction),
      ])) as `0x${string}`
    },
  })
}

/**
 * A request card in the wallet page (`<li aria-label="Request <method>">`): the request in words, and
 * Approve/Reject, or only Close when there is nothing to decide. Resolves with the user's answer.
 */
export function showRequestCard(
  list: HTMLElement,
  method: string,
  request: ApprovalRequest,
): Promise<boolean> {
  const description = describeApprovalRequest(request)
  const item = document.createElement('li')
  item.className = 'card'
  item.setAttribute('aria-label', `Request ${method}`)
  const title = document.createElement('b')
  title.textContent = description.title
  const details = document.createElement('dl')
  for (const { label, value } of description.details) {
    const term = document.createElement('dt')
    term.textContent = label
    const text = document.createElement('dd')
    text.append(Object.assign(document.createElement('pre'), { className: 'message', textContent: value }))
    details.append(term, text)
  }
  item.append(title, details)
  return new Promise((resolve) => {
    const button = (text: string, answer: boolean, className = '') => {
      const node = Object.assign(document.createElement('button'), {
        type: 'button',
        textContent: text,
        className,
      })
      node.addEventListener('click', () => {
        item.remove()
        resolve(answer)
      })
      return node
    }
    if (description.informational) item.append(button('Close', false))
    else item.append(button('Approve', true, 'approve'), button('Reject', false))
    list.append(item)
  })
}

/** The batches' context for one WalletConnect request: the session's site and chains, the page's cards. */
export function wcCallsContext(options: {
  readonly account: HDAccount
  readonly batches: CallsBatches
  readonly origin: string
  readonly chainIds: readonly number[]
  readonly list: HTMLElement
}): CallsMethodsContext {
  const { account, list } = options
  return {
    address: account.address,
    batches: options.batches,
    chainIds: () => options.chainIds,
    describe: (chainId) => ({
      origin: options.origin,
      address: account.address,
      chainId,
      chainName: `eip155:${chainId}`,
    }),
    async ask(request) {
      if (!(await showRequestCard(list, 'wallet_sendCalls', request))) throw userRejectedError()
    },
    show(request) {
      void showRequestCard(list, 'wallet_showCallsStatus', request)
    },
  }
}
