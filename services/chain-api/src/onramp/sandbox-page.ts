import type { OnrampPurchase } from './onramp-purchases.js'
import { SANDBOX_TEST_CARDS } from './sandbox-cards.js'
import { SANDBOX_ONRAMP_PATH } from './sandbox-provider.js'

/** No script, no outside resource: the page is a form that posts to its own origin. */
export const SANDBOX_PAGE_SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string,
  )

const STYLE = `
:root{color-scheme:light dark;--bg:#f6f7f9;--card:#fff;--text:#15171a;--muted:#5d6570;--line:#dde1e6;--accent:#2f5bd3;--bad:#b42318;--good:#1a7f37}
@media (prefers-color-scheme:dark){:root{--bg:#0f1114;--card:#1a1d22;--text:#eef1f4;--muted:#a3acb8;--line:#2d323a;--accent:#7ea2ff;--bad:#ff8a80;--good:#6fdc8c}}
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,sans-serif;background:var(--bg);color:var(--text)}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.card{background:var(--card);border:1px solid var(--line);border-radius:16px;padding:20px}
h1{font-size:20px;margin:0 0 4px}p{margin:8px 0}.muted{color:var(--muted);font-size:13px}
dl{display:grid;grid-template-columns:1fr auto;gap:6px 12px;margin:16px 0}dt{color:var(--muted)}dd{margin:0;text-align:end;font-variant-numeric:tabular-nums}
.total{font-weight:600}label{display:block;font-size:13px;color:var(--muted);margin-block:12px 4px}
input{width:100%;padding:10px 12px;font:inherit;color:inherit;background:transparent;border:1px solid var(--line);border-radius:10px}
input:focus-visible,button:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button{width:100%;margin-top:20px;padding:12px;font:inherit;font-weight:600;color:#fff;background:var(--accent);border:0;border-radius:12px;cursor:pointer}
.error{color:var(--bad);font-weight:600}.ok{color:var(--good);font-weight:600}code{font-size:13px}
`

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
}

const testCardsNote = `<p class="muted">Test cards: <code>${SANDBOX_TEST_CARDS.approved}</code> is paid, <code>${SANDBOX_TEST_CARDS.declined}</code> is declined. Any future expiry, any CVC. No real money moves: the sandbox pays out on the local devnet.</p>`

function summary(purchase: OnrampPurchase, network: string): string {
  const address = `${purchase.address.slice(0, 6)}…${purchase.address.slice(-4)}`
  return `<dl>
<dt>You receive</dt><dd data-testid="purchase-amount">${escapeHtml(purchase.purchase_amount)} ${escapeHtml(purchase.symbol)}</dd>
<dt>Network</dt><dd>${escapeHtml(network)}</dd>
<dt>To</dt><dd title="${escapeHtml(purchase.address)}">${escapeHtml(address)}</dd>
<dt class="total">You pay</dt><dd class="total">${escapeHtml(purchase.payment_total)} ${escapeHtml(purchase.payment_currency)}</dd>
</dl>`
}

/** The buy page: the purchase and a card form. */
export function sandboxOrderPage(purchase: OnrampPurchase, network: string, error?: string): string {
  const action = `${SANDBOX_ONRAMP_PATH}/${encodeURIComponent(purchase.id)}/confirm`
  return page(
    'Portico Sandbox: pay',
    `<div class="card"><h1>Portico Sandbox</h1><p class="muted">Buy ${escapeHtml(purchase.symbol)} with a test card</p>
${summary(purchase, network)}
<form method="post" action="${escapeHtml(action)}">
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<label for="card">Card number</label><input id="card" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required placeholder="${SANDBOX_TEST_CARDS.approved}">
<div class="row"><div><label for="expiry">Expiry</label><input id="expiry" name="expiry" autocomplete="cc-exp" required placeholder="12/34"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required placeholder="123"></div></div>
<button type="submit">Pay ${escapeHtml(purchase.payment_total)} ${escapeHtml(purchase.payment_currency)}</button>
</form>${testCardsNote}</div>`,
  )
}

export type SandboxOutcome = 'paid' | 'declined' | 'settled' | 'expired'

const OUTCOMES: Record<SandboxOutcome, { title: string; className: string; text: string }> = {
  paid: {
    title: 'Payment accepted',
    className: 'ok',
    text: 'Your purchase is on its way to your wallet. You can close this window.',
  },
  declined: {
    title: 'Card declined',
    className: 'error',
    text: 'Your card was declined, nothing was charged. You can close this window and try again.',
  },
  settled: {
    title: 'Already paid',
    className: 'muted',
    text: 'This purchase was settled already. You can close this window.',
  },
  expired: {
    title: 'Purchase expired',
    className: 'error',
    text: 'This purchase was not paid in time. Close this window and start again.',
  },
}

/** What became of a payment. */
export function sandboxOutcomePage(
  outcome: SandboxOutcome,
  purchase: OnrampPurchase,
  network: string,
): string {
  const { title, className, text } = OUTCOMES[outcome]
  return page(
    `Portico Sandbox: ${title}`,
    `<div class="card"><h1 class="${className}" role="status">${title}</h1>${summary(purchase, network)}<p>${text}</p></div>`,
  )
}

/** The sandbox's own front page: what it is and its test cards. */
export function sandboxIndexPage(): string {
  return page(
    'Portico Sandbox',
    `<div class="card"><h1>Portico Sandbox</h1><p>A local on-ramp provider: the modal's Buy opens one purchase here.</p>${testCardsNote}</div>`,
  )
}
