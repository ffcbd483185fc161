import { randomUUID } from 'node:crypto'
import { chmod, lstat, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { entriesOpenToOthers } from '@portico/database'
import { FREE_PORTS, type StackConfig, startStack } from '@portico/stack'
import { describe, expect, it } from 'vitest'

const stackConfig = (dataDir: string): StackConfig => ({
  host: '127.0.0.1',
  ports: FREE_PORTS,
  dataDir,
  clean: false,
  testWallet: false,
})

/** Walks `root` (itself included), calling `visit` with each path and its mode. */
async function walk(
  root: string,
  visit: (path: string, mode: number, isDirectory: boolean) => Promise<void>,
) {
  const stats = await lstat(root)
  await visit(root, stats.mode & 0o777, stats.isDirectory())
  if (stats.isDirectory()) for (const name of await readdir(root)) await walk(join(root, name), visit)
}

// A separate stack on its own folder (the shared e2e stack keeps its folder to itself), started in this
// process under the usual 022 umask: `npm start` sets 077, but the folder must not depend on it.
describe("the stack's data folder", () => {
  it('holds nothing its group or others may read, write or enter, and an older install is repaired at start', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'portico-private-'))
    const dataDir = join(parent, 'data')
    const umask = process.umask(0o022)
    try {
      const stack = await startStack(stackConfig(dataDir))
      try {
        const posted = await fetch(`${stack.urls.explorer}/e`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-project-id': 'private-data',
            'x-sdk-type': 'appkit',
            'x-sdk-version': 'html-wagmi-5.1.11',
          },
          body: JSON.stringify({
            eventId: randomUUID(),
            url: 'https://d.example/',
            domain: 'd.example',
            timestamp: Date.now(),
            props: { event: 'X' },
          }),
        })
        expect(posted.status).toBe(204)
        expect(await entriesOpenToOthers(dataDir)).toEqual([])
      } finally {
        await stack.stop()
      }
      // The chain state and the databases' last writes land at stop.
      const names = await readdir(dataDir)
      expect(names.sort()).toEqual([
        'auth',
        'chain-api',
        'devnet',
        'explorer',
        'paymaster',
        'relay',
        'solana',
      ])
      expect((await readdir(join(dataDir, 'devnet'))).some((name) => name.endsWith('.json'))).toBe(true)
      expect((await readdir(join(dataDir, 'solana'))).sort()).toEqual([
        'solana-devnet.json',
        'solana-mainnet-beta.json',
        'solana-testnet.json',
      ])
      expect(await entriesOpenToOthers(dataDir)).toEqual([])

      // What an older version left: every folder 0777, every file 0666.
      await walk(dataDir, (path, _mode, isDirectory) => chmod(path, isDirectory ? 0o777 : 0o666))
      expect((await entriesOpenToOthers(dataDir)).length).toBeGreaterThan(1_000)
      const restarted = await startStack(stackConfig(dataDir))
      try {
        expect(await entriesOpenToOthers(dataDir)).toEqual([])
      } finally {
        await restarted.stop()
      }
      expect(await entriesOpenToOthers(dataDir)).toEqual([])
    } finally {
      process.umask(umask)
      await rm(parent, { recursive: true, force: true })
    }
  }, 180_000)
})
