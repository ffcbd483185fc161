import { formatFrameAmount } from '../frame-amount.js'
import { frameLocale, frameParts, frameText } from '../frame-strings.js'
import { fillIsolated } from '../isolated-text.js'
import type { Make } from '../sheet-styles.js'
import type { PermissionsDetails } from './grant-permissions.js'

/**
 * A grant in human terms: "<dApp host> may spend up to 10 USDC until <date, time>" for each limit, the
 * token's contract and the network below, and that the app then spends without asking.
 */
export function permissionNodes(el: Make, details: PermissionsDetails, origin: string): HTMLElement[] {
  const until = expiryText(details.expiry)
  const nodes: HTMLElement[] = [el('p', { className: 'what', textContent: frameText('grantPermissions') })]
  for (const allowance of details.allowances) {
    const item = el('section', { className: 'call' })
    const amount = `${formatFrameAmount(allowance.limit, allowance.decimals)} ${allowance.symbol}`
    item.append(
      fillIsolated(
        el,
        el('p', { className: 'action' }),
        frameParts('permissionSpend', {
          host: { ltr: hostOf(origin) },
          amount: { ltr: amount },
          date: until,
        }),
      ),
    )
    const dl = el('dl')
    if (allowance.token) {
      dl.append(el('dt', { textContent: frameText('tokenContract') }))
      dl.append(fillIsolated(el, el('dd'), [{ ltr: allowance.token }]))
    }
    dl.append(el('dt', { textContent: frameText('chainId') }))
    dl.append(fillIsolated(el, el('dd'), [{ ltr: String(details.chainId) }]))
    item.append(dl)
    nodes.push(item)
  }
  nodes.push(el('p', { textContent: frameText('permissionNote') }))
  return nodes
}

/** The expiry as the visitor's locale writes a date and time, in their time zone. */
export function expiryText(expirySeconds: number): string {
  return new Intl.DateTimeFormat(frameLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(expirySeconds * 1000),
  )
}

const hostOf = (origin: string) => {
  try {
    return new URL(origin).host || origin
  } catch {
    return origin
  }
}
