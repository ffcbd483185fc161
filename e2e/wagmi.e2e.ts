import { devToken } from '@portico/devnet'
import type { BrowserContext, Page } from 'playwright-core'
import { type Address, createPublicClient, erc20Abi, http } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import {
  answerInFrame,
  confirmDeviceByMail,
  enterCode,
  readCode,
  saveRecoveryCode,
  sheetIn,
  startEmailLogin,
  walletWindow,
} from './auth-fixtures.js'
import {
  approveInWallet,
  closeBrowser,
  connectButton,
  contextWithWalletAccount,
  getBrowser,
  modal,
  pickTestWallet,
  screenshot,
  stack,
} from './fixtures.js'
import { fundOnChain1, visitorAccount } from './visitor-accounts.js'
import { openWcWallet, pairWithWcWallet } from './wc-wallet.js'

/** Where the demo's wagmi card sends and what it approves (its WAGMI_RECIPIENT). */
const WAGMI_RECIPIENT: Address = '0x000000000000000000000000000000000000dEaD'

/** The injected wallet's account: one no other file connects, funded here. */
const ACCOUNT_INDEX = 41
/** The WalletConnect wallet page's account: one no other file connects, funded here. */
const WC_ACCOUNT_INDEX = 52
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

/** What wagmi's hooks show on the demo's wagmi page (`/wagmi/`), by the hook's result slot. */
const wagmi = (page: Page, slot: string) => page.getByTestId(`wagmi-${slot}`)
const hookButton = (page: Page, hook: string) => page.getByRole('button', { name: hook, exact: true })

async function openWagmiPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') console.log(`[console] ${message.text()}`)
  })
  await page.goto(new URL('/wagmi/', stack().demo).href)
  await page.getByRole('heading', { name: 'wagmi hooks' }).waitFor()
  return page
}

async function expectText(page: Page, slot: string, text: string | RegExp, timeout = 15_000) {
  const read = async () => (await wagmi(page, slot).textContent()) ?? ''
  if (typeof text === 'string') await expect.poll(read, { timeout }).toBe(text)
  else await expect.poll(read, { timeout }).toMatch(text)
}

/** Portico's own balance (the demo's Account card) as shown now. */
const porticoBalance = async (page: Page) => (await page.getByTestId('demo-balance').textContent()) ?? ''

/**
 * Clicks a hook's button, approves the request the way `approve` does, and resolves with the milliseconds
 * from the approval to Portico's balance changing (a transaction wagmi sent, followed by Portico).
 */
async function sendAndTimePorticoBalance(
  page: Page,
  hook: string,
  approve: () => Promise<void>,
  slot: string,
): Promise<number> {
  const before = await porticoBalance(page)
  await hookButton(page, hook).click()
  await approve()
  const approvedAt = Date.now()
  let changedAt: number | undefined
  const watching = expect
    .poll(() => porticoBalance(page), { timeout: 5_000, interval: 50 })
    .not.toBe(before)
    .then(() => {
      changedAt = Date.now()
    })
  await expectText(page, slot, 'success')
  await watching
  return (changedAt as number) - approvedAt
}

/** Runs every wagmi hook but connect and disconnect against the wallet connected through Portico. */
async function driveHooks(page: Page, address: Address, approve: () => Promise<void>) {
  await expectText(page, 'status', 'connected')
  await expectText(page, 'connector', 'portico')
  await expectText(page, 'address', address)
  await expectText(page, 'chain', '1')
  // useBalance (eth_getBalance) and useReadContracts (one Multicall3 call) on the devnet.
  await expectText(page, 'balance', '5000000000000000000 ETH')
  await expectText(page, 'usdc', '10000000 USDC')

  await hookButton(page, 'useSignMessage').click()
  await approve()
  await expectText(page, 'sign', 'verified')

  await hookButton(page, 'useSignTypedData').click()
  await approve()
  await expectText(page, 'sign-typed', 'verified')

  const afterSend = await sendAndTimePorticoBalance(page, 'useSendTransaction', approve, 'send')
  console.log(`Portico's balance followed a wagmi-sent transaction in ${afterSend} ms`)
  await expectText(page, 'balance', /^39\d{17} ETH$/)

  await hookButton(page, 'useWriteContract').click()
  await approve()
  await expectText(page, 'write', 'success')
  await expectText(page, 'usdc', '9000000 USDC')

  await hookButton(page, 'useSwitchChain').click()
  await expectText(page, 'switch', '10')
  await expectText(page, 'chain', '10')
  // Portico follows a switch wagmi asked for.
  await page.getByTestId('demo-network').getByText('OP Mainnet (10)').waitFor()
}

/**
 * EIP-5792 through the embedded wallet, back on chain 1: a plain account is `ready`; useSendCalls sends an
 * approval and a transfer that the wallet window shows call by call and the visitor approves once; the one
 * transaction delegates the account to the smart-account code (EIP-7702), which then says `supported`.
 */
async function sendBatch(page: Page, address: Address) {
  await hookButton(page, 'useSwitchChain').click()
  await expectText(page, 'chain', '1')
  await expectText(page, 'capabilities', 'atomic ready')
  await expectText(page, 'usdc', '9000000 USDC')

  await hookButton(page, 'useSendCalls').click()
  const window = await walletWindow(page)
  const sheet = sheetIn(window)
  await sheet.getByText('Send these calls in one transaction').waitFor()
  await sheet.getByText('Call 1 of 2').waitFor()
  await sheet.getByText(`Lets ${WAGMI_RECIPIENT} spend 2 USDC`).waitFor()
  await sheet.getByText(`Sends 1 USDC to ${WAGMI_RECIPIENT}`).waitFor()
  await sheet.getByText(/upgrades your account to a smart account/).waitFor()
  await screenshot(window, 'wallet-batch-sheet')
  const closed = window.waitForEvent('close')
  await sheet.getByRole('button', { name: 'Approve', disabled: false }).click()
  await closed

  await expectText(page, 'calls', 'success, 1 receipt', 60_000)
  await expectText(page, 'usdc', '8000000 USDC')
  await expectText(page, 'capabilities', 'atomic supported')
  // On chain: the account is delegated to Simple7702Account, and the approval stands beside the transfer.
  const chain = createPublicClient({ transport: http(`${stack().devnet.replace(/\/$/, '')}/1`) })
  expect(await chain.getCode({ address })).toBe('0xef0100e6cae83bde06e4c305530e199d7217f42808555b')
  expect(
    await chain.readContract({
      address: devToken('USDC').address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [address, WAGMI_RECIPIENT],
    }),
  ).toBe(2_000_000n)
}

describe('wagmi hooks through the portico() connector and porticoWagmiConfig', () => {
  afterAll(closeBrowser)

  it('an injected (EIP-6963) wallet: connect, read, sign, send, write, switch and disconnect both ways', async () => {
    const address = visitorAccount(ACCOUNT_INDEX).address
    await fundOnChain1(address, { eth: '5', usdc: '10' })
    const context = await contextWithWalletAccount(ACCOUNT_INDEX)
    const page = await openWagmiPage(context)
    await expectText(page, 'status', 'disconnected')

    // useConnect opens Portico's modal; the visitor picks the wallet there.
    await hookButton(page, 'useConnect').click()
    await pickTestWallet(page)
    await approveInWallet(page)
    await expectText(page, 'connect', 'connected')
    await driveHooks(page, address, () => approveInWallet(page))

    // useDisconnect ends Portico's connection too.
    await hookButton(page, 'useDisconnect').click()
    await expectText(page, 'status', 'disconnected')
    await page.getByTestId('demo-status').getByText('disconnected').waitFor()

    // The other way: Portico's own button connects, and wagmi follows; Portico's disconnect too.
    await connectButton(page).click()
    await pickTestWallet(page)
    await approveInWallet(page)
    await expectText(page, 'status', 'connected')
    await expectText(page, 'address', address)
    await modal(page).waitFor({ state: 'hidden' })
    await connectButton(page).click()
    await modal(page).getByRole('button', { name: 'Disconnect' }).click()
    await expectText(page, 'status', 'disconnected')
    await context.close()
  }, 120_000)

  it('the embedded e-mail wallet: the same hooks, approved in the wallet frame', async () => {
    const context = await (await getBrowser()).newContext({ viewport: { width: 1280, height: 900 } })
    const page = await openWagmiPage(context)
    const email = uniqueEmail('wagmi')

    await hookButton(page, 'useConnect').click()
    const mailedAfter = Date.now() - 1000
    await startEmailLogin(page, email)
    await confirmDeviceByMail(context, email, mailedAfter)
    await enterCode(page, await readCode(email, mailedAfter))
    // The wallet is made at this first sign-in: the visitor saves its recovery code.
    await saveRecoveryCode(page)
    await expectText(page, 'connect', 'connected', 30_000)
    const address = (await wagmi(page, 'address').textContent()) as Address
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)

    // Funded after connecting: wagmi reads it afresh.
    await fundOnChain1(address, { eth: '5', usdc: '10' })
    await hookButton(page, 'Refresh reads').click()
    await driveHooks(page, address, () => answerInFrame(page, 'Approve'))
    await sendBatch(page, address)

    await hookButton(page, 'useDisconnect').click()
    await expectText(page, 'status', 'disconnected')
    await page.getByTestId('demo-status').getByText('disconnected').waitFor()
    await context.close()
  }, 120_000)

  it('a WalletConnect wallet: the same hooks, each request approved in the paired wallet', async () => {
    const address = visitorAccount(WC_ACCOUNT_INDEX).address
    await fundOnChain1(address, { eth: '5', usdc: '10' })
    const context = await (await getBrowser()).newContext({ viewport: { width: 1280, height: 900 } })
    const page = await openWagmiPage(context)
    const { wallet, walletContext } = await openWcWallet({ account: WC_ACCOUNT_INDEX, namespaces: 'eip155' })

    await hookButton(page, 'useConnect').click()
    const proposal = await pairWithWcWallet(page, wallet)
    await proposal.getByRole('button', { name: 'Approve' }).click()
    await expectText(page, 'connect', 'connected', 30_000)
    // Each request waits in the wallet page, which shows it as a card, until approved there.
    const approveInWcWallet = () =>
      wallet
        .getByRole('listitem', { name: /^Request / })
        .first()
        .getByRole('button', { name: 'Approve' })
        .click()
    await driveHooks(page, address, approveInWcWallet)

    await hookButton(page, 'useDisconnect').click()
    await expectText(page, 'status', 'disconnected')
    await page.getByTestId('demo-status').getByText('disconnected').waitFor()
    await walletContext.close()
    await context.close()
  }, 180_000)
})
