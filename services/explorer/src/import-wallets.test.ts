import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { walletRegistry } from './data/wallet-registry.js'
import { CLIENT_HEADERS } from './explorer-test-helpers.js'
import { createExplorerServer, walletIdFromSlug } from './index.js'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
const tsx = join(repoRoot, 'node_modules/.bin/tsx')
const script = fileURLToPath(new URL('./import-wallets.ts', import.meta.url))

let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'explorer-import-'))
  // A data directory the service already seeded, as in real use.
  const server = await createExplorerServer({ dataDir, rateLimit: false })
  await server.close()
})
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

async function runImport(file: string, env: Record<string, string> = { PORTICO_DATA_DIR: dataDir }) {
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, ['--conditions=portico:source', script, file], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', ...env },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

async function listWallets(query: string) {
  const server = await createExplorerServer({ dataDir, rateLimit: false })
  try {
    const response = await server.app.inject({
      method: 'GET',
      url: `/getWallets${query}`,
      headers: CLIENT_HEADERS,
    })
    return response.json() as {
      count: number
      data: { id: string; name: string; order: number; chains: string[] }[]
    }
  } finally {
    await server.close()
  }
}

describe('import-wallets command', () => {
  it('rejects a bad file naming the entry, and writes nothing', async () => {
    const file = join(dataDir, 'bad.json')
    await writeFile(
      file,
      JSON.stringify([
        { slug: 'fine-wallet', name: 'Fine Wallet', chains: ['eip155:1'] },
        { slug: 'broken-wallet', name: 'Broken Wallet', homepage: 'not a url', chains: ['eip155:1'] },
      ]),
    )
    const result = await runImport(file)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain("entry 1 (slug 'broken-wallet')")
    expect(result.stderr).toContain('homepage')
    const after = await listWallets('?search=wallet&entries=100')
    expect(after.data.map((wallet) => wallet.name)).not.toContain('Fine Wallet')
    expect((await listWallets('')).count).toBe(walletRegistry.length)
  })

  it('rejects a file that is not JSON, and one that is not an array', async () => {
    const notJson = join(dataDir, 'not-json.json')
    await writeFile(notJson, '{ nope')
    const notJsonResult = await runImport(notJson)
    expect(notJsonResult.code).toBe(1)
    expect(notJsonResult.stderr).toContain('as JSON')
    const notArray = join(dataDir, 'object.json')
    await writeFile(notArray, '{"slug":"x"}')
    expect((await runImport(notArray)).stderr).toContain('array')
  })

  it('refuses to import into an in-memory database', async () => {
    const result = await runImport(join(dataDir, 'good.json'), {})
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('PORTICO_DATA_DIR')
  })

  it('upserts a good file: adds new wallets and updates existing ones by slug', async () => {
    const file = join(dataDir, 'good.json')
    await writeFile(
      file,
      JSON.stringify([
        {
          slug: 'example-wallet',
          name: 'Example Wallet',
          homepage: 'https://wallet.example',
          order: 2,
          mobile_link: 'examplewallet://',
          rdns: 'example.wallet',
          chains: ['eip155:1', 'eip155:8453'],
          injected: [{ namespace: 'eip155', injected_id: 'isExample' }],
        },
        {
          slug: 'metamask',
          name: 'MetaMask',
          homepage: 'https://metamask.io',
          order: 500,
          chains: ['eip155:1'],
        },
      ]),
    )
    const result = await runImport(file)
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('Imported 2 wallet listing(s)')

    const listed = await listWallets(
      `?include=${walletIdFromSlug('example-wallet')},${walletIdFromSlug('metamask')}`,
    )
    expect(listed.count).toBe(2)
    expect(listed.data.map(({ name, order, chains }) => ({ name, order, chains }))).toEqual([
      { name: 'Example Wallet', order: 2, chains: ['eip155:1', 'eip155:8453'] },
      { name: 'MetaMask', order: 500, chains: ['eip155:1'] },
    ])
    // Seeding again on start did not undo the import, nor duplicate anything.
    expect((await listWallets('')).count).toBe(walletRegistry.length + 1)
  })
})
