import { devToken } from '@portico/devnet'
import type { Page } from 'playwright-core'
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  numberToHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, describe, expect, it } from 'vitest'
import { sheetIn, signInByEmail, walletLauncher, walletWindow } from './auth-fixtures.js'
import { closeBrowser, getBrowser, modal, openAccount, screenshot, stack, toast } from './fixtures.js'
import { fundOnChain1 } from './visitor-accounts.js'

const USDC = devToken('USDC').address
const usdc = (amount: number) => BigInt(amount) * 1_000_000n
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
const chain1 = () => createPublicClient({ transport: http(`${stack().devnet.replace(/\/$/, '')}/1`) })
const usdcOf = (address: Address) =>
  chain1().readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

type Answer = { result?: unknown; error?: { code?: number; message: string } }

/** The dApp's own request to the embedded wallet's EIP-1193 provider (the demo's `window.portico`). */
function dappRequest(page: Page, method: string, params: unknown[]): Promise<Answer> {
  return page.evaluate(
    async ({ method, params }) => {
      type Provider = { request(args: { method: string; params: unknown[] }): Promise<unknown> }
      const { portico } = window as unknown as { portico: { getProvider(): Promise<unknown> } }
      const provider = (await portico.getProvider()) as Provider
      try {
        return { result: await provider.request({ method, params }) }
      } catch (error) {
        const { code, message } = error as { code?: number; message: string }
        return { error: { code, message } }
      }
    },
    { method, params },
  )
}

/** Sends `amount` USDC to `to` under the permission `context`, with no sheet; answers the batch id or the error. */
function spendUnderPermission(page: Page, from: Address, context: string, to: Address, amount: bigint) {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
  return dappRequest(page, 'wallet_sendCalls', [
    {
      version: '2.0.0',
      chainId: '0x1',
      from,
      calls: [{ to: USDC, data }],
      capabilities: { permissions: { context } },
    },
  ])
}

async function confirmed(page: Page, id: unknown) {
  await expect
    .poll(
      async () =>
        ((await dappRequest(page, 'wallet_getCallsStatus', [id])).result as { status?: number })?.status,
      {
        timeout: 60_000,
      },
    )
    .toBe(200)
}

describe('ERC-7715 permissions in the embedded wallet', () => {
  afterAll(closeBrowser)

  it('a 10 USDC permission lets the dApp spend 4 + 6 without a sheet, refuses the 11th, and nothing once revoked', async () => {
    const context = await (await getBrowser()).newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await page.goto(stack().demo)
    const address = await signInByEmail(page, uniqueEmail('permissions'))
    await fundOnChain1(address, { eth: '1', usdc: '20' })
    const recipient = privateKeyToAddress(generatePrivateKey())
    const host = new URL(stack().demo).host

    // The grant, approved in the wallet's own window, which says it in human terms.
    const expiry = Math.floor(Date.now() / 1000) + 24 * 3600
    const granting = dappRequest(page, 'wallet_grantPermissions', [
      {
        expiry,
        permissions: [
          {
            type: 'erc20-token-transfer',
            data: { address: USDC, ticker: 'USDC' },
            policies: [{ type: 'token-allowance', data: { allowance: numberToHex(usdc(10)) } }],
            required: true,
          },
        ],
      },
    ])
    const window = await walletWindow(page)
    const sheet = sheetIn(window)
    await sheet
      .getByText(new RegExp(`^${host.replace('.', '\\.')} may spend up to 10 USDC until .+\\d`))
      .waitFor()
    await sheet.getByText(USDC).waitFor()
    await screenshot(window, 'wallet-permissions-sheet')
    const closed = window.waitForEvent('close')
    await sheet.getByRole('button', { name: 'Approve', disabled: false }).click()
    await closed
    const grant = (await granting).result as { permissionsContext: Hex; expiry: number }
    expect(grant).toMatchObject({ expiry, permissionsContext: expect.stringMatching(/^0x[0-9a-f]{64}$/) })

    // 4 + 6 USDC, no sheet: no launcher over the page, no wallet window.
    const windows: Page[] = []
    context.on('page', (opened) => windows.push(opened))
    for (const amount of [4, 6]) {
      const sent = await spendUnderPermission(
        page,
        address,
        grant.permissionsContext,
        recipient,
        usdc(amount),
      )
      expect(sent.error).toBeUndefined()
      await confirmed(page, (sent.result as { id: Hex }).id)
    }
    expect(windows).toEqual([])
    expect(await walletLauncher(page).count()).toBe(0)
    expect(await usdcOf(recipient)).toBe(usdc(10))
    expect(await usdcOf(address)).toBe(usdc(10))

    // The 11th USDC is refused and nothing moves.
    const eleventh = await spendUnderPermission(page, address, grant.permissionsContext, recipient, usdc(1))
    expect(eleventh.error).toMatchObject({
      code: 4100,
      message: expect.stringMatching(/more than the permission allows/),
    })

    // The Account view lists it (app, spent of the limit, expiry) and revokes it.
    await openAccount(page)
    await modal(page).getByTestId('permissions-toggle').click()
    const row = modal(page).getByTestId('permission-row')
    await row.getByText(host).waitFor({ timeout: 20_000 })
    await row.getByText('10 USDC of 10 USDC spent').waitFor()
    await row.getByText(/^Until .+\d/).waitFor()
    await screenshot(page, 'account-permissions')
    await row.getByRole('button', { name: `Revoke the permission of ${host}` }).click()
    await toast(page).getByText('Permission revoked').waitFor()
    await modal(page).getByText('No app may spend from this account without asking.').waitFor()

    const afterRevoke = await spendUnderPermission(
      page,
      address,
      grant.permissionsContext,
      recipient,
      usdc(1),
    )
    expect(afterRevoke.error).toMatchObject({
      code: 4100,
      message: expect.stringMatching(/revoked or never granted/),
    })
    expect(await usdcOf(recipient)).toBe(usdc(10))
    expect(await usdcOf(address)).toBe(usdc(10))
    expect(windows).toEqual([])
    await context.close()
  }, 240_000)
})
