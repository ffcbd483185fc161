import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { createPublicClient, http } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { signInByEmail, startEmailLogin } from './auth-fixtures.js'
import { closeBrowser, connectButton, getBrowser, modal, openDemo, stack } from './fixtures.js'

const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
const recipient = '0x000000000000000000000000000000000000dEaD'
/** "Send all" in base58, as solana_signMessage takes a message. */
const SOLANA_MESSAGE = 'Ex3mfFj4U2F'

/**
 * A page that embeds the wallet frame with the demo's own frame URL and asks it for everything an
 * attacker wants: the user, a signature and a transaction, on EVM and on Solana. It records every message the frame sends.
 */
function attackPage(frameUrl: string): string {
  return `<!doctype html><html><body><script>
window.__frameMessages = [];
window.__frameLoaded = false;
const frame = document.createElement('iframe');
frame.src = ${JSON.stringify(frameUrl)};
frame.style.cssText = 'width:400px;height:400px';
const target = new URL(frame.src).origin;
window.addEventListener('message', (event) => { if (event.source === frame.contentWindow) window.__frameMessages.push(event.data) });
const ask = (id, type, payload) => frame.contentWindow.postMessage({ type: '@portico-app/' + type, id, payload }, target);
frame.addEventListener('load', () => {
  ask('a1', 'IS_CONNECTED');
  ask('a2', 'GET_USER');
  ask('a3', 'RPC_REQUEST', { method: 'eth_accounts' });
  ask('a4', 'RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ to: '${recipient}', value: '0x16345785d8a0000' }] });
  ask('a5', 'RPC_REQUEST', { method: 'solana_getAccounts' });
  ask('a6', 'RPC_REQUEST', { method: 'solana_signMessage', params: { message: '${SOLANA_MESSAGE}', pubkey: '11111111111111111111111111111111' } });
  window.__frameLoaded = true;
});
document.body.append(frame);
</script></body></html>`
}

let servers: Server[] = []

async function serve(html: string): Promise<number> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(html)
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

/** Loads the attack page and returns what the frame told it by the time the frame (or its error page) loaded. */
async function attack(page: Page, url: string) {
  await page.goto(url)
  await page.waitForFunction(() => (window as unknown as { __frameLoaded: boolean }).__frameLoaded)
  // The frame posts READY from its script before its load event: nothing by now means no script runs.
  return page.evaluate(() => (window as unknown as { __frameMessages: unknown[] }).__frameMessages)
}

describe('the wallet frame talks only to the exact origins configured for the project', () => {
  afterAll(async () => {
    await closeBrowser()
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
    servers = []
  })

  it('a page on another port of the same host, or on another site, gets no user, no signature, no transaction', async () => {
    const { page, context } = await openDemo()
    const address = await signInByEmail(page, uniqueEmail('origins'))
    await modal(page).getByRole('button', { name: 'Close' }).click()
    const frameUrl = await page.locator('iframe[name="portico-auth"]').getAttribute('src')
    expect(frameUrl).toContain('projectId=')
    const client = createPublicClient({ transport: http(`${stack().devnet}/1`) })
    const nonce = await client.getTransactionCount({ address })

    const port = await serve(attackPage(frameUrl as string))
    // Same host as the demo, other port: the same site, so the browser would even share the frame's storage.
    const samePort = await context.newPage()
    expect(await attack(samePort, `http://127.0.0.1:${port}/`)).toEqual([])
    // Another site.
    const otherSite = await context.newPage()
    expect(await attack(otherSite, `http://localhost:${port}/`)).toEqual([])

    // The demo itself still talks to its frame.
    await page.reload()
    await page.getByTestId('demo-status').getByText('connected', { exact: true }).waitFor({ timeout: 20_000 })
    // Still nothing on the attack pages, and no transaction left the wallet.
    for (const attacker of [samePort, otherSite]) {
      expect(
        await attacker.evaluate(() => (window as unknown as { __frameMessages: unknown[] }).__frameMessages),
      ).toEqual([])
    }
    expect(await client.getTransactionCount({ address })).toBe(nonce)
    await context.close()
  })

  it('the dApp on an origin its project does not list says so within seconds, naming the origin and the setting', async () => {
    const context = await (await getBrowser()).newContext({ viewport: { width: 1200, height: 800 } })
    const page = await context.newPage()
    // Another site than the one the demo project lists (127.0.0.1): the auth service refuses its frame.
    const demo = new URL(stack().demo)
    demo.hostname = 'localhost'
    await page.goto(demo.toString())
    await connectButton(page).click()
    const submitted = Date.now()
    await startEmailLogin(page, uniqueEmail('refused'))
    // The refused frame tells the page nothing; the modal asks the auth service and names what to change.
    const problem = modal(page).locator('.field-error').filter({ hasText: 'AUTH_ALLOWED_ORIGINS' })
    await problem.waitFor({ timeout: 10_000 })
    // Recorded, not asserted (a busy machine stretches it): the goal is under 3 s from the submit.
    console.log(
      `[set-up error] the refused origin was named ${Date.now() - submitted} ms after the e-mail was submitted`,
    )
    expect(await problem.textContent()).toContain(`(${demo.origin})`)
    await context.close()
  })
})
