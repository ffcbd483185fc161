import type { CallDetail, TokenInfo } from './describe-calls.js'
import { formatFrameAmount } from './frame-amount.js'
import { type FrameValue, formatFrameNumber, frameParts, frameText } from './frame-strings.js'
import { fillIsolated } from './isolated-text.js'
import type { Make } from './sheet-styles.js'

/** A batch's calls, one section each: what the call does, then the contract it goes to and any value. */
export function callNodes(
  el: Make,
  calls: readonly CallDetail[],
  native: (wei: bigint) => FrameValue,
): HTMLElement[] {
  const count = formatFrameNumber(calls.length)
  return calls.map((call, index) => {
    const item = el('section', { className: 'call' })
    const heading = el('h2', {
      textContent: frameText('callHeading', { number: formatFrameNumber(index + 1), count }),
    })
    const rows: [string, FrameValue][] = [[frameText('to'), { ltr: call.to }]]
    if (call.value > 0n || call.action.kind === 'none') rows.push([frameText('amount'), native(call.value)])
    item.append(heading)
    const action = callAction(call)
    if (action) {
      item.append(
        fillIsolated(el, el('p', { className: action.warn ? 'action warn' : 'action' }), action.text),
      )
    }
    item.append(list(el, rows))
    return item
  })
}

function callAction(call: CallDetail): { text: FrameValue[]; warn?: boolean } | undefined {
  const { action } = call
  // A token the wallet cannot read shows its raw amount and its contract.
  const tokenAmount = (amount: bigint, token: TokenInfo | undefined) => ({
    ltr: token ? `${formatFrameAmount(amount, token.decimals)} ${token.symbol}` : `${amount} (${call.to})`,
  })
  switch (action.kind) {
    case 'none':
      return undefined
    case 'contract':
      return { text: [frameText('contractCallUnknown')], warn: true }
    case 'tokenTransfer':
      return {
        text: frameParts('tokenTransfer', {
          amount: tokenAmount(action.amount, action.token),
          to: { ltr: action.recipient },
        }),
      }
    case 'tokenApproval':
      return action.unlimited
        ? {
            text: frameParts('tokenApprovalUnlimited', {
              spender: { ltr: action.spender },
              symbol: { ltr: action.token?.symbol ?? call.to },
            }),
            warn: true,
          }
        : {
            text: frameParts('tokenApproval', {
              spender: { ltr: action.spender },
              amount: tokenAmount(action.amount, action.token),
            }),
          }
  }
}

/** Terms and their values; a value given as `{ ltr }` (an address, an amount) is isolated left to right. */
export function list(el: Make, rows: ReadonlyArray<readonly [string, FrameValue]>) {
  const dl = el('dl')
  for (const [term, value] of rows)
    dl.append(
      el('dt', { textContent: term }),
      typeof value === 'string' ? el('dd', { textContent: value }) : fillIsolated(el, el('dd'), [value]),
    )
  return dl
}
