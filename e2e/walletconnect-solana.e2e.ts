import { solanaDevSigner } from '@portico/devnet/solana'
import {
  address,
  createSolanaRpc,
  getBase58Encoder,
  getPublicKeyFromAddress,
  lamports,
  type SignatureBytes,
  signature as toSignature,
  verifySignature,
} from '@solana/kit'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import {
  closeBrowser,
  connectButton,
  contextWithWalletAccount,
  modal,
  openAccount,
  openDemo,
  screenshot,
  stack,
  toast,
} from './fixtures.js'
import { visitorAccount } from './visitor-accounts.js'
import { openWcWallet as openSharedWcWallet, pairWithWcWallet, wcRequest } from './wc-wallet.js'

// WalletConnect's solana namespace: the test wallet's WalletConnect page holds dev key 29 (EVM and Solana)
// and pairs through the stack's relay; SOL moves from key 29 to key 30 on the devnet cluster only.
const WALLET_ACCOUNT = 29
const RECIPIENT_ACCOUNT = 30
const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

const devnetRpc = () => createSolanaRpc(`${stack().solanaDevnet}/devnet`)

/** The demo's Portico instance (the demo puts it on `window.portico`). */
type PageWithPortico = {
  portico: {
    signMessage(message: string): Promise<string>
    sendTransaction(request: { to: string; value: bigint }): Promise<string>
  }
}

const openWcWallet = (options: { account: number; namespaces?: string } = { account: WALLET_ACCOUNT }) =>
  openSharedWcWallet(options)

const request = wcRequest

/** Opens Pairing in the dApp, pastes its URI into the wallet page and returns the proposal card. */
async function pair(page: Page, wallet: Page) {
  await connectButton(page).click()
  return pairWithWcWallet(page, wallet)
}

/** The connection the dApp remembers: the active one and those kept beside it. */
const storedConnection = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('portico.connection') ?? 'null'))

/** The button shows the shortened address (its balance may follow). */
async function expectButtonShows(page: Page, base58: string) {
  await expect
    .poll(() => connectButton(page).textContent(), { timeout: 15_000 })
    .toMatch(new RegExp(`^${base58.slice(0, 4)}[^…]*…[^…]*${base58.slice(-4)}`))
}

/** Has the dApp sign `message`, approves it in the wallet page, and checks the signature with @solana/kit. */
async function signAndVerify(page: Page, wallet: Page, signer: string, message: string, shot?: string) {
  const signing = page.evaluate(
    (text) => (window as unknown as PageWithPortico).portico.signMessage(text),
    message,
  )
  await request(wallet, 'solana_signMessage').getByText(message).waitFor()
  if (shot) await screenshot(wallet, shot)
  await request(wallet, 'solana_signMessage').getByRole('button', { name: 'Approve' }).click()
  const signed = await signing
  const bytes = new Uint8Array(getBase58Encoder().encode(signed)) as SignatureBytes
  const key = await getPublicKeyFromAddress(address(signer))
  await expect(verifySignature(key, bytes, new TextEncoder().encode(message))).resolves.toBe(true)
}

/** Gives `owner` SOL on the devnet cluster (its faucet), once the airdrop is confirmed. */
async function airdrop(owner: string, sol: bigint) {
  const rpc = devnetRpc()
  const sent = await rpc.requestAirdrop(address(owner), lamports(sol * 1_000_000_000n)).send()
  await expect
    .poll(async () => (await rpc.getSignatureStatuses([sent]).send()).value[0]?.confirmationStatus, {
      timeout: 15_000,
    })
    .toMatch(/confirmed|finalized/)
}

describe('WalletConnect on Solana through the local relay', () => {
  afterAll(closeBrowser)

  it('pairs EVM and Solana in one session, switches to Solana without Connect, signs, sends and survives a reload', async () => {
    const solanaAddress = (await solanaDevSigner(WALLET_ACCOUNT)).address
    const recipient = (await solanaDevSigner(RECIPIENT_ACCOUNT)).address
    await airdrop(solanaAddress, 2n)
    const { page, context } = await openDemo({ context: await contextWithWalletAccount(WALLET_ACCOUNT) })
    const { wallet, walletContext } = await openWcWallet()

    const proposal = await pair(page, wallet)
    const chains = await proposal.locator('.chains').textContent()
    expect(chains).toContain('eip155:1')
    expect(chains).toContain(DEVNET)
    expect(chains).toContain(MAINNET)
    const methods = await proposal.locator('.methods').textContent()
    for (const method of ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'])
      expect(methods).toContain(method)
    await proposal.getByRole('button', { name: 'Approve' }).click()
    await openAccount(page)
    const evmAddress = visitorAccount(WALLET_ACCOUNT).address
    await expect(modal(page).getByTestId('account-address').textContent()).resolves.toBe(
      `${evmAddress.slice(0, 6)}…${evmAddress.slice(-4)}`,
    )
    // One session, both namespaces: the Solana account is kept beside the active EVM one.
    const stored = await storedConnection(page)
    expect(stored.connection).toMatchObject({ namespace: 'eip155', connectorId: 'walletconnect' })
    expect(stored.others).toEqual([
      expect.objectContaining({
        namespace: 'solana',
        accounts: [solanaAddress],
        connectorId: 'walletconnect',
      }),
    ])

    // Networks → Solana Devnet: the session's Solana account becomes the active one, no Connect view.
    await modal(page)
      .getByRole('button', { name: /Ethereum/ })
      .click()
    await modal(page)
      .getByRole('button', { name: /Solana Devnet/ })
      .click()
    await toast(page).getByText('Switched to Solana Devnet').waitFor()
    await expect(modal(page).getByRole('button', { name: 'WalletConnect' }).count()).resolves.toBe(0)
    await modal(page).getByRole('button', { name: 'Close' }).click()
    await expectButtonShows(page, solanaAddress)
    await screenshot(page, 'walletconnect-solana-active')

    await signAndVerify(
      page,
      wallet,
      solanaAddress,
      'Hello from Portico over WalletConnect on Solana',
      'walletconnect-solana-sign-request',
    )

    // SOL through the session: the wallet page signs and sends on the devnet cluster.
    const rpc = devnetRpc()
    const before = (await rpc.getBalance(address(recipient), { commitment: 'confirmed' }).send()).value
    const sending = page.evaluate(
      ({ to, value }) =>
        (window as unknown as PageWithPortico).portico.sendTransaction({ to, value: BigInt(value) }),
      { to: recipient, value: '1000000' },
    )
    await request(wallet, 'solana_signAndSendTransaction').getByRole('button', { name: 'Approve' }).click()
    const sent = toSignature(await sending)
    await expect
      .poll(async () => (await rpc.getSignatureStatuses([sent]).send()).value[0]?.confirmationStatus, {
        timeout: 15_000,
      })
      .toMatch(/confirmed|finalized/)
    expect((await rpc.getSignatureStatuses([sent]).send()).value[0]?.err).toBeNull()
    const after = (await rpc.getBalance(address(recipient), { commitment: 'confirmed' }).send()).value
    expect(after - before).toBe(1_000_000n)

    // A reload keeps the session: the Solana account comes back active and still signs through it.
    await page.reload()
    await page.getByTestId('demo-status').getByText('connected', { exact: true }).waitFor()
    await expectButtonShows(page, solanaAddress)
    await signAndVerify(page, wallet, solanaAddress, 'Still paired after a reload')

    // The wallet ends the session: the dApp disconnects, though Solana was the active namespace.
    await wallet
      .getByRole('listitem', { name: 'Session with Portico demo' })
      .getByRole('button', { name: 'Disconnect' })
      .click()
    await expect.poll(() => connectButton(page).textContent(), { timeout: 15_000 }).toBe('Connect wallet')
    await walletContext.close()
    await context.close()
  })

  it('connects on Solana alone when the wallet approves only solana, and shows its rejection of a request', async () => {
    const solanaAddress = (await solanaDevSigner(RECIPIENT_ACCOUNT)).address
    const { page, context } = await openDemo({ context: await contextWithWalletAccount(RECIPIENT_ACCOUNT) })
    const { wallet, walletContext } = await openWcWallet({ account: RECIPIENT_ACCOUNT, namespaces: 'solana' })

    const proposal = await pair(page, wallet)
    await proposal.getByRole('button', { name: 'Approve' }).click()
    await modal(page).waitFor({ state: 'hidden' })
    await expectButtonShows(page, solanaAddress)
    const stored = await storedConnection(page)
    expect(stored.connection).toMatchObject({
      namespace: 'solana',
      accounts: [solanaAddress],
      chainId: MAINNET.slice('solana:'.length),
      connectorId: 'walletconnect',
    })
    expect(stored.others).toBeUndefined()

    // The demo's Sign message card asks; the wallet rejects, and the card shows why.
    await page.getByRole('button', { name: 'Sign message' }).click()
    await request(wallet, 'solana_signMessage').getByRole('button', { name: 'Reject' }).click()
    await page.getByTestId('sign-result').getByText('User rejected.').waitFor()
    await walletContext.close()
    await context.close()
  })
})
