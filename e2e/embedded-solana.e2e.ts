import { solanaDevSigner } from '@portico/devnet'
import { transferTransaction } from '@portico/solana'
import {
  type Address,
  address,
  createSolanaRpc,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  lamports,
  type Signature,
  type SignatureBytes,
  signTransaction,
  verifySignature,
} from '@solana/kit'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerInFrame, signInByEmail, walletLauncher, walletSheet, walletWindow } from './auth-fixtures.js'
import { closeBrowser, connectButton, modal, openDemo, screenshot, stack, toast } from './fixtures.js'

/** The funded key of this file (m/44'/501'/26'/0'): it pays the embedded account its SOL, nothing else uses it. */
const FUNDING_KEY_INDEX = 26
const LAMPORTS_PER_SOL = 1_000_000_000n
const MESSAGE = 'Hello from the Portico demo'
const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 375, height: 740 }

const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
const rpc = () => createSolanaRpc(`${stack().solanaDevnet.replace(/\/$/, '')}/devnet`)
const solOf = async (owner: string) =>
  (await rpc().getBalance(address(owner), { commitment: 'confirmed' }).send()).value

async function confirmed(signature: Signature): Promise<void> {
  await expect
    .poll(
      async () => {
        const [status] = (await rpc().getSignatureStatuses([signature]).send()).value
        if (status?.err) throw new Error(`${signature} failed: ${JSON.stringify(status.err)}`)
        return status?.confirmationStatus
      },
      { timeout: 15_000, interval: 200 },
    )
    .toMatch(/^(confirmed|finalized)$/)
}

/** Pays `to` `sol` SOL from dev key 26 (topped up from the cluster's faucet first). */
async function fundFromDevKey(to: string, sol: bigint): Promise<void> {
  const funder = await solanaDevSigner(FUNDING_KEY_INDEX)
  if ((await solOf(funder.address)) < (sol + 1n) * LAMPORTS_PER_SOL) {
    await confirmed(
      await rpc()
        .requestAirdrop(funder.address, lamports(100n * LAMPORTS_PER_SOL))
        .send(),
    )
  }
  const { value: lifetime } = await rpc().getLatestBlockhash({ commitment: 'confirmed' }).send()
  const unsigned = await transferTransaction({
    from: funder.address,
    to: address(to),
    amount: sol * LAMPORTS_PER_SOL,
    lifetime,
  })
  const signed = await signTransaction([funder.keyPair], getTransactionDecoder().decode(unsigned) as never)
  const signature = await rpc()
    .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
    .send()
  await confirmed(signature)
}

/** From the Account view: Networks, then a network by name; back on Account once switched. */
async function switchNetwork(page: Page, name: RegExp): Promise<void> {
  await modal(page)
    .getByRole('button', { name: /^Network / })
    .click()
  await modal(page).getByRole('heading', { name: 'Choose network' }).waitFor()
  await modal(page).getByRole('button', { name }).click()
  await modal(page).getByRole('heading', { name: 'Account' }).waitFor()
}

/** The demo's theme (the modal's, which the frame's sheet follows), as its toggle sets it. */
async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const toggle = page.getByRole('button', { name: `Switch to ${theme} theme` })
  if (await toggle.isVisible()) await toggle.click()
  await page.emulateMedia({ colorScheme: theme })
}

/** Waits until the wallet window's sheet says it is wholly on screen, then screenshots the window. */
async function shootSheet(page: Page, name: string): Promise<void> {
  const sheet = await walletSheet(page)
  await expect.poll(() => sheet.getAttribute('data-visible'), { timeout: 10_000 }).toBe('true')
  await sheet.getByRole('button', { name: 'Approve', disabled: false }).waitFor()
  await screenshot(await walletWindow(page), name)
}

/** Records the signatures the wallet frame answers the page with (what the dApp receives). */
function recordFrameSignatures(page: Page): Promise<void> {
  return page.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { __frameSignatures: string[] }).__frameSignatures = seen
    window.addEventListener('message', (event) => {
      const data = event.data as { type?: string; payload?: { signature?: unknown } }
      const signature = data?.payload?.signature
      if (data?.type === '@portico-frame/RPC_REQUEST_SUCCESS' && typeof signature === 'string') {
        seen.push(signature)
      }
    })
  })
}
const frameSignatures = (page: Page) =>
  page.evaluate(() => (window as unknown as { __frameSignatures: string[] }).__frameSignatures)

const VARIANTS = [
  ['desktop', DESKTOP, 'dark'],
  ['desktop', DESKTOP, 'light'],
  ['mobile', PHONE, 'light'],
  ['mobile', PHONE, 'dark'],
] as const

describe('an embedded (e-mail) account on Solana', () => {
  let page: Page
  let close: () => Promise<void>
  let evmAddress: string
  let solanaAddress: string

  beforeAll(async () => {
    const opened = await openDemo()
    page = opened.page
    close = () => opened.context.close()
    evmAddress = await signInByEmail(page, uniqueEmail('solana'))
  })
  afterAll(async () => {
    await close?.()
    await closeBrowser()
  })

  it('has a Solana address: switching to Solana Devnet shows it without a Connect view', async () => {
    await switchNetwork(page, /Solana Devnet/)
    await modal(page)
      .getByRole('button', { name: /^Network Solana Devnet/ })
      .waitFor()
    solanaAddress = (await modal(page).getByTestId('account-address').getAttribute('title')) ?? ''
    expect(solanaAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    expect(getBase58Encoder().encode(solanaAddress)).toHaveLength(32)
    await expect(page.getByTestId('demo-address').textContent()).resolves.toBe(solanaAddress)
    // The e-mail account's label stays: it is the same wallet.
    expect(solanaAddress).not.toBe(evmAddress)
    await modal(page).getByRole('button', { name: 'Close' }).click()
  })

  it('a script in the dApp page gets no Solana signature: the sheet it summons stays hidden and takes no click', async () => {
    // The script is the frame's parent: it can post any request, and collects the frame's answers.
    await page.evaluate(
      ({ message, pubkey }) => {
        const iframe = document.querySelector<HTMLIFrameElement>('iframe[name="portico-auth"]')
        if (!iframe?.contentWindow) throw new Error('no wallet frame')
        const answers: unknown[] = []
        ;(window as unknown as { __stolen: unknown[] }).__stolen = answers
        window.addEventListener('message', (event) => {
          const data = event.data as { id?: string; type?: string }
          if (data?.id === 'evil-sol' && /_(SUCCESS|ERROR)$/.test(data.type ?? '')) answers.push(data)
        })
        iframe.contentWindow.postMessage(
          {
            type: '@portico-app/RPC_REQUEST',
            id: 'evil-sol',
            payload: { method: 'solana_signMessage', params: { message, pubkey } },
          },
          new URL(iframe.src).origin,
        )
      },
      {
        message: getBase58Decoder().decode(new TextEncoder().encode('Send all my SOL')),
        pubkey: solanaAddress,
      },
    )
    const stolen = () => page.evaluate(() => (window as unknown as { __stolen: unknown[] }).__stolen)
    // The dApp side keeps the frame hidden for a request it did not send; the frame has no Approve at
    // all, only a launcher for the wallet window, and a click where its button is lands on the page.
    await walletLauncher(page).waitFor({ state: 'attached' })
    await expect(
      page.frameLocator('iframe[name="portico-auth"]').getByRole('button', { name: 'Approve' }).count(),
    ).resolves.toBe(0)
    const box = await walletLauncher(page)
      .getByRole('button', { name: 'Review in wallet window' })
      .boundingBox()
    if (box) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(await stolen()).toEqual([])
    // The script's own cancel ends it as aborted, never signed.
    await page.evaluate(() => {
      const iframe = document.querySelector<HTMLIFrameElement>('iframe[name="portico-auth"]')
      iframe?.contentWindow?.postMessage(
        { type: '@portico-app/RPC_ABORT', id: 'evil-abort' },
        new URL(iframe.src).origin,
      )
    })
    await expect.poll(stolen).toEqual([
      {
        type: '@portico-frame/RPC_REQUEST_ERROR',
        id: 'evil-sol',
        payload: { message: 'Request was aborted', reason: 'ABORTED' },
      },
    ])
    await expect(walletLauncher(page).count()).resolves.toBe(0)
  })

  it('signs a message in the frame after the visitor approves it; @solana/kit verifies it', async () => {
    await recordFrameSignatures(page)
    for (const [index, [label, viewport, theme]] of VARIANTS.entries()) {
      await page.setViewportSize(viewport)
      await useTheme(page, theme)
      await page.getByRole('button', { name: 'Sign message' }).click()
      await (await walletSheet(page)).getByText('Sign this message').waitFor()
      await (await walletSheet(page)).getByText(MESSAGE).waitFor()
      await shootSheet(page, `embedded-solana-sign-${label}-${theme}`)
      const last = index === VARIANTS.length - 1
      await answerInFrame(page, last ? 'Approve' : 'Reject')
      if (!last)
        await page
          .getByTestId('sign-result')
          .getByText(/reject/i)
          .waitFor()
      await expect(walletLauncher(page).count()).resolves.toBe(0)
    }
    // The rejections signed nothing; the approval gave the dApp one signature.
    await expect.poll(() => frameSignatures(page)).toHaveLength(1)
    const [signature = ''] = await frameSignatures(page)
    const publicKey = await getPublicKeyFromAddress(address(solanaAddress))
    const bytes = getBase58Encoder().encode(signature) as SignatureBytes
    expect(await verifySignature(publicKey, bytes, new TextEncoder().encode(MESSAGE))).toBe(true)
    expect(await verifySignature(publicKey, bytes, new TextEncoder().encode(`${MESSAGE}!`))).toBe(false)
    // The demo's card checked it too, and shows the same signature.
    await page.getByTestId('sign-result').getByText('Signature verified').waitFor()
    await expect(page.getByTestId('sign-result').locator('code').textContent()).resolves.toBe(signature)
  })

  it('sends SOL from the embedded account once the visitor approves the transfer in the frame', async () => {
    await fundFromDevKey(solanaAddress, 2n)
    const to = (await generateKeyPairSigner()).address as Address
    const before = await solOf(solanaAddress)
    expect(before).toBe(2n * LAMPORTS_PER_SOL)
    await page.getByLabel('Recipient').fill(to)
    await page.getByLabel('Amount (native token)').fill('0.5')
    for (const [index, [label, viewport, theme]] of VARIANTS.entries()) {
      await page.setViewportSize(viewport)
      await useTheme(page, theme)
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      const sheet = await walletSheet(page)
      await sheet.getByText('Send this transaction').waitFor()
      // What is sent: the cluster, the recipient, the amount, the fee and what the account holds.
      const rows = await sheet.locator('dl').innerText()
      expect(rows.split('\n').map((line) => line.trim())).toEqual([
        'Network',
        'Solana Devnet',
        'To',
        to,
        'Amount',
        '0.5 SOL',
        'Network fee',
        '0.000005 SOL',
        'Balance',
        '2 SOL',
      ])
      await shootSheet(page, `embedded-solana-send-${label}-${theme}`)
      const last = index === VARIANTS.length - 1
      await answerInFrame(page, last ? 'Approve' : 'Reject')
      if (!last)
        await page
          .getByTestId('send-result')
          .getByText(/reject/i)
          .waitFor()
    }
    await page.getByTestId('send-result').getByText('Transaction sent').waitFor()
    const signature = (await page.getByTestId('send-result').locator('code').textContent()) as Signature
    await confirmed(signature)
    // On chain: the recipient got 0.5 SOL, the embedded account paid it and the fee; nothing more.
    expect(await solOf(to)).toBe(LAMPORTS_PER_SOL / 2n)
    expect(before - (await solOf(solanaAddress))).toBe(LAMPORTS_PER_SOL / 2n + 5_000n)
    const [status] = (await rpc().getSignatureStatuses([signature]).send()).value
    expect(status?.err).toBeNull()
  })

  it('comes back after a reload on Solana, with its EVM account beside it', async () => {
    await page.setViewportSize(DESKTOP)
    await page.reload()
    // Confirmed with the frame (not only shown from storage), still the Solana account.
    await page.getByTestId('demo-status').getByText('connected', { exact: true }).waitFor({ timeout: 20_000 })
    await expect(page.getByTestId('demo-address').textContent()).resolves.toBe(solanaAddress)
    await connectButton(page).click()
    await modal(page).getByTestId('account-address').waitFor()
    await switchNetwork(page, /Ethereum/)
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(evmAddress)
    await expect(modal(page).getByRole('heading', { name: 'Connect' }).count()).resolves.toBe(0)
    await toast(page)
      .getByText(/Switched to Ethereum/)
      .waitFor()
  })
})
