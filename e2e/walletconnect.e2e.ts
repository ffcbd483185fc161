import type { Page } from 'playwright-core'
import { createPublicClient, http } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import {
  closeBrowser,
  connectButton,
  DEV_ADDRESS_SHORT,
  modal,
  openAccount,
  openDemo,
  screenshot,
  stack,
  toast,
} from './fixtures.js'
import { openWcWallet, wcRequest } from './wc-wallet.js'

const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const request = wcRequest

/** Opens the Pairing view in the dApp and returns the pairing URI it shows. */
async function showPairing(page: Page): Promise<{ uri: string; shownAt: number }> {
  await connectButton(page).click()
  await modal(page).getByRole('button', { name: 'WalletConnect' }).click()
  const pairing = modal(page).locator('[data-pairing-uri^="wc:"]')
  await pairing.waitFor()
  const shownAt = performance.now()
  await modal(page).getByRole('img', { name: 'WalletConnect pairing code' }).waitFor()
  const uri = (await modal(page)
    .getByRole('button', { name: 'Copy link' })
    .getAttribute('data-uri')) as string
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  return { uri, shownAt }
}

describe('WalletConnect through the local relay', () => {
  afterAll(closeBrowser)

  it('pairs, signs, sends, survives a reload and follows a disconnect from the wallet', async () => {
    const { page, context } = await openDemo()
    const { wallet, walletContext } = await openWcWallet()
    // Offline: no Verify iframe, telemetry or other call may leave the machine.
    const outside: string[] = []
    for (const target of [page, wallet]) {
      target.on('request', (sent) => {
        const { protocol, hostname } = new URL(sent.url())
        if (/^(https?|wss?):$/.test(protocol) && hostname !== '127.0.0.1' && hostname !== 'localhost') {
          outside.push(sent.url())
        }
      })
    }

    const { uri, shownAt } = await showPairing(page)
    await screenshot(page, 'walletconnect-pairing')
    await wallet.getByLabel('Pairing URI').fill(uri)
    const pairClickedAt = performance.now()
    await wallet.getByRole('button', { name: 'Pair' }).click()
    const proposal = wallet.getByRole('region', { name: 'Session proposal' })
    await proposal.getByText('Portico demo').waitFor()
    await expect(proposal.locator('.chains').textContent()).resolves.toContain('eip155:1')
    await expect(proposal.locator('.methods').textContent()).resolves.toContain('personal_sign')
    await proposal.getByRole('button', { name: 'Approve' }).click()
    await openAccount(page)
    const pairingMs = performance.now() - shownAt
    console.log(
      `WalletConnect pairing: URI shown to connected ${pairingMs.toFixed(0)} ms; the wallet's Pair click ` +
        `to connected ${(performance.now() - pairClickedAt).toFixed(0)} ms (both incl. the Approve click)`,
    )
    await expect(modal(page).getByTestId('account-address').textContent()).resolves.toBe(DEV_ADDRESS_SHORT)

    // Work on Base: the other end-to-end tests expect the dev account untouched on Ethereum and OP.
    await modal(page)
      .getByRole('button', { name: /Ethereum/ })
      .click()
    await modal(page).getByRole('button', { name: /Base/ }).click()
    await toast(page).getByText('Switched to Base').waitFor()
    await page.getByTestId('demo-network').getByText('Base (8453)').waitFor()

    // Sign a message: the request waits in the wallet page until approved there.
    await modal(page).getByRole('button', { name: 'Close' }).click()
    await page.getByRole('button', { name: 'Sign message' }).click()
    await request(wallet, 'personal_sign').getByRole('button', { name: 'Approve' }).click()
    await page.getByTestId('sign-result').getByText('Signature verified').waitFor()

    // A devnet transaction, signed and sent by the wallet page on the session's current chain.
    const client = createPublicClient({ transport: http(`${stack().devnet}/8453`) })
    await page.getByRole('button', { name: 'Send' }).click()
    await request(wallet, 'eth_sendTransaction').getByRole('button', { name: 'Approve' }).click()
    const hash = page.getByTestId('send-result').locator('code')
    await hash.waitFor()
    const receipt = await client.waitForTransactionReceipt({
      hash: (await hash.textContent()) as `0x${string}`,
    })
    expect(receipt.status).toBe('success')
    expect(receipt.to?.toLowerCase()).toBe(recipient.toLowerCase())

    // A reload keeps the session (sign-client storage in the browser).
    await page.reload()
    await connectButton(page).getByText(DEV_ADDRESS_SHORT).waitFor()
    // The remembered account shows at once; it stays once the wallet has confirmed the session.
    await page.getByTestId('demo-status').getByText('connected', { exact: true }).waitFor()
    await expect(connectButton(page).textContent()).resolves.toContain(DEV_ADDRESS_SHORT)

    // Disconnecting in the wallet ends the session in the dApp too.
    await wallet
      .getByRole('listitem', { name: 'Session with Portico demo' })
      .getByRole('button', { name: 'Disconnect' })
      .click()
    await expect.poll(() => connectButton(page).textContent(), { timeout: 15_000 }).toBe('Connect wallet')
    expect(outside).toEqual([])
    await walletContext.close()
    await context.close()
  })

  it('turns a rejection in the wallet into a toast', async () => {
    const { page, context } = await openDemo()
    const { wallet, walletContext } = await openWcWallet()
    const { uri } = await showPairing(page)
    await wallet.getByLabel('Pairing URI').fill(uri)
    await wallet.getByRole('button', { name: 'Pair' }).click()
    await wallet
      .getByRole('region', { name: 'Session proposal' })
      .getByRole('button', { name: 'Reject' })
      .click()
    await toast(page).getByText('Request rejected in your wallet').waitFor()
    await modal(page).getByRole('button', { name: 'New link' }).waitFor()
    await walletContext.close()
    await context.close()
  })
})
