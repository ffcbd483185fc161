import { afterAll, describe, it } from 'vitest'
import {
  approveInWallet,
  chainOption,
  closeBrowser,
  connectButton,
  modal,
  openAccount,
  openDemo,
  pickTestWallet,
  screenshot,
  toast,
} from './fixtures.js'

type Fault = 'throw' | 'hang' | 'garbage'

async function connectWithFault(fault: Fault, expectedToast: string | RegExp) {
  const { page, context } = await openDemo()
  await page.evaluate((mode) => {
    ;(
      window as unknown as { porticoTestWallet: { setFault(mode: string): void } }
    ).porticoTestWallet.setFault(mode)
  }, fault)
  await connectButton(page).click()
  await pickTestWallet(page)
  await toast(page).getByText(expectedToast).waitFor({ timeout: 15_000 })
  await modal(page).getByText('Connection failed').waitFor()
  await screenshot(page, `faulty-wallet-${fault}`)
  // The modal stays usable: back to the chain picker, and the (now healthy) wallet connects.
  await modal(page).getByRole('button', { name: 'Back' }).click()
  await chainOption(page, 'EVM networks').click()
  await approveInWallet(page)
  await openAccount(page)
  await context.close()
}

describe('a wallet that misbehaves', () => {
  afterAll(closeBrowser)

  it('throws: the toast says what the wallet said', () =>
    connectWithFault('throw', 'Portico Test Wallet: Test wallet crashed'))

  it('returns garbage: the toast says the answer was invalid', () =>
    connectWithFault('garbage', 'Portico Test Wallet returned an invalid response'))

  it('hangs past the RPC time-out: the toast says it did not respond', () =>
    connectWithFault('hang', 'Portico Test Wallet did not respond in time'))
})
