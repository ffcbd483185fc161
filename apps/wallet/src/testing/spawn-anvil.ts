import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { TEST_MNEMONIC } from '../test-wallet-account.js'

/** A plain anvil node for tests: the real chain the wallet signs for, not a mock. */
export interface AnvilInstance {
  readonly url: string
  readonly chainId: number
  stop(): Promise<void>
}

function anvilBinary(): string {
  const require = createRequire(import.meta.url)
  return join(dirname(require.resolve('@foundry-rs/anvil-linux-amd64/package.json')), 'bin', 'anvil')
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

async function waitForRpc(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`anvil exited early with code ${child.exitCode}`)
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      })
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`anvil did not answer at ${url} within ${timeoutMs} ms`)
}

export async function spawnAnvil(chainId = 1): Promise<AnvilInstance> {
  const port = await freePort()
  const child = spawn(
    anvilBinary(),
    [
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--chain-id',
      String(chainId),
      '--mnemonic',
      TEST_MNEMONIC,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  const url = `http://127.0.0.1:${port}`
  try {
    await waitForRpc(url, child, 20_000)
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
  return {
    url,
    chainId,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
