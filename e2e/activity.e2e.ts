import { devToken } from '@portico/devnet'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  closeBrowser,
  connectTestWallet,
  contextWithWalletAccount,
  modal,
  openDemo,
  screenshot,
  stack,
} from './fixtures.js'
import { fundOnChain1, visitorAccount } from './visitor-accounts.js'

/** The visitor: an account no other file uses, so its history holds only what this file does. */
const ACCOUNT_INDEX = 44
const visitor = visitorAccount(ACCOUNT_INDEX)
/** The friend the visitor pays by name. */
const friend = visitorAccount(45)
const USDC = devToken('USDC').address
const ETH = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const caip = (address: string) => `eip155:1:${address}`
const PROJECT = 'e2e'

const api = async (path: string, body?: unknown) => {
  const url = `${stack().chainApi}${path}${path.includes('?') ? '&' : '?'}projectId=${PROJECT}`
  const response = await fetch(
    url,
    body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  )
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return response.json()
}

const transport = () => http(`${stack().devnet.replace(/\/$/, '')}/1`)
const hashes: Record<'swap' | 'approve' | 'sell' | 'send' | 'buy', string> = {
  swap: '',
  approve: '',
  sell: '',
  send: '',
  buy: '',
}
let friendName = ''

/** Sends what the chain API built, from the visitor, and waits for it to be mined. */
async function sendBuilt(tx: { to: string; data: string; value?: string }) {
  const wallet = createWalletClient({ account: visitor, transport: transport() })
  const hash = await wallet.sendTransaction({
    chain: null,
    to: tx.to.replace(/^eip155:\d+:/, '') as Address,
    data: tx.data as Hex,
    value: BigInt(tx.value ?? 0),
  })
  await createPublicClient({ transport: transport() }).waitForTransactionReceipt({ hash })
  return hash
}

beforeAll(async () => {
  await fundOnChain1(visitor.address, { eth: '3' })
  // A swap ETH → USDC through the fee router, then the approval a USDC → ETH swap needs, and that swap:
  // its legs are the USDC to the pool, the provider's fee in USDC, and the ETH the router pays back.
  const amount = parseEther('0.5').toString()
  const swap = await api('/v1/convert/build-transaction', {
    amount,
    eip155: { slippage: '1' },
    from: caip(ETH),
    to: caip(USDC),
    userAddress: caip(visitor.address),
  })
  hashes.swap = await sendBuilt({ ...swap.tx, value: amount })
  const approve = await api(
    `/v1/convert/build-approve?userAddress=${caip(visitor.address)}&from=${caip(USDC)}&to=${caip(ETH)}`,
  )
  hashes.approve = await sendBuilt({ to: approve.tx.from, data: approve.tx.data })
  const sell = await api('/v1/convert/build-transaction', {
    amount: parseUnits('300', 6).toString(),
    eip155: { slippage: '1' },
    from: caip(USDC),
    to: caip(ETH),
    userAddress: caip(visitor.address),
  })
  hashes.sell = await sendBuilt(sell.tx)

  // The friend registers a name; the visitor pays the friend 5 USDC.
  friendName = `act-${Date.now().toString(36)}.wcn.id`
  const message = JSON.stringify({
    name: friendName,
    attributes: {},
    timestamp: Math.floor(Date.now() / 1000),
  })
  await api('/v1/profile/account', {
    coin_type: 60,
    address: friend.address,
    message,
    signature: await friend.signMessage({ message }),
  })
  const wallet = createWalletClient({ account: visitor, transport: transport() })
  hashes.send = await wallet.writeContract({
    chain: null,
    address: USDC,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [friend.address, parseUnits('5', 6)],
  })
  await createPublicClient({ transport: transport() }).waitForTransactionReceipt({
    hash: hashes.send as Hex,
  })

  // A purchase of USDC on the sandbox provider's page, paid with its test card.
  const { url } = await api('/v1/generators/onrampurl', {
    destinationWallets: [{ address: visitor.address, blockchains: ['ethereum'], assets: ['USDC'] }],
    defaultNetwork: 'ethereum',
    partnerUserId: visitor.address,
    defaultExperience: 'buy',
    presetCryptoAmount: 20,
  })
  const { pathname } = new URL(url)
  const paid = await fetch(`${stack().chainApi}${pathname}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }),
  })
  expect(paid.status).toBe(200)
  const id = pathname.split('/').at(-1)
  await vi.waitFor(
    async () => {
      const { data } = await api(`/v1/account/${visitor.address}/history?onramp=coinbase`)
      const purchase = data.find((item: { id: string }) => item.id === id)
      expect(purchase?.metadata.status).toBe('ONRAMP_TRANSACTION_STATUS_SUCCESS')
      hashes.buy = purchase.metadata.hash
    },
    { timeout: 20_000, interval: 250 },
  )
}, 120_000)

afterAll(closeBrowser)

describe('activity: one row per transaction, told as the visitor lived it', () => {
  it('shows the swap, the approval, the send to a name and the purchase each as one correct row', async () => {
    const { page, context } = await openDemo({ context: await contextWithWalletAccount(ACCOUNT_INDEX) })
    await connectTestWallet(page)
    await modal(page).getByRole('button', { name: 'Activity' }).click()
    const row = (kind: keyof typeof hashes) => modal(page).locator(`li[data-hash="${hashes[kind]}"]`)
    for (const kind of ['swap', 'approve', 'sell', 'send', 'buy'] as const) {
      await row(kind).waitFor({ timeout: 20_000 })
      // One row per transaction: the swap's two legs and its fee leg are not rows of their own.
      await expect(row(kind).count()).resolves.toBe(1)
    }
    // Those five and the funding.
    expect(await modal(page).locator('li[data-hash]').count()).toBe(6)

    const swap = row('swap')
    await expect(swap.getAttribute('data-kind')).resolves.toBe('swap')
    await expect(swap.textContent()).resolves.toMatch(/Swapped.*ETH to USDC.*\+[\d,.]+ USDC.*−0\.5 ETH/)
    // Both tokens' icons.
    await expect(swap.locator('.activity-icons.pair img').count()).resolves.toBe(2)

    // USDC → ETH: one row with both legs, the 300 USDC sold with its provider fee (not the fee leg
    // alone, "−2.55 USDC"), and the ETH the router paid back by an internal call.
    const sell = row('sell')
    await expect(sell.getAttribute('data-kind')).resolves.toBe('swap')
    await expect(sell.locator('.name').textContent()).resolves.toBe('SwappedUSDC to ETH')
    await expect(sell.locator('.leg').allTextContents()).resolves.toEqual([
      expect.stringMatching(/^\+0\.\d+ ETH$/),
      '−300 USDC',
    ])
    await expect(sell.locator('.activity-icons.pair img').count()).resolves.toBe(2)

    await expect(row('approve').textContent()).resolves.toMatch(/Approved.*Unlimited USDC for 0x/)
    // The friend by name, not the USDC contract the transaction called.
    await expect(row('send').textContent()).resolves.toContain(`To ${friendName}`)
    await expect(row('send').textContent()).resolves.toMatch(/−5 USDC\$5\.00/)
    await expect(row('buy').textContent()).resolves.toMatch(/Bought.*\+[\d,.]+ USDC/)
    // The funding's fiat is the value the chain API recorded at its block, not one worked out today.
    const { data } = await api(`/v1/account/${visitor.address}/history?chainId=eip155:1`)
    const funding = data.find(
      (tx: { metadata: { hash: string } }) => !Object.values(hashes).includes(tx.metadata.hash),
    )
    const recorded = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
      funding.transfers[0].value,
    )
    await expect(
      modal(page).locator(`li[data-hash="${funding.metadata.hash}"]`).textContent(),
    ).resolves.toContain(`+3 ETH${recorded}`)
    await screenshot(page, 'activity-kinds')
    await context.close()
  })
})
