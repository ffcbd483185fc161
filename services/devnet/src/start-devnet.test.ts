import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveAnvilBinary } from './anvil-binary.js'
import { spawnAnvil } from './anvil-process.js'
import { DEPLOYER_ADDRESS, DEV_ACCOUNTS } from './dev-accounts.js'
import { DEV_TOKENS, devToken } from './dev-tokens.js'
import { DEVNET_CHAIN_IDS } from './devnet-chains.js'
import { DevnetError } from './devnet-error.js'
import { type Devnet, startDevnet } from './start-devnet.js'

const recipient = '0x000000000000000000000000000000000000bEEF'
const tempDirs: string[] = []

async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'portico-devnet-test-'))
  tempDirs.push(dir)
  return dir
}

function collectLog() {
  const lines: string[] = []
  return { lines, log: (line: string) => lines.push(line) }
}

/** Anvil pids as reported in the readiness log lines. */
function anvilPids(lines: string[]): number[] {
  return lines.flatMap((line) => {
    const match = /anvil pid (\d+)/.exec(line)
    return match ? [Number(match[1])] : []
  })
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

function clientFor(devnet: Devnet, chainId: number) {
  return createPublicClient({ transport: http(devnet.rpcUrl(chainId), { retryCount: 0 }) })
}

afterAll(async () => {
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

describe('startDevnet with the default chains', () => {
  let devnet: Devnet
  const { lines, log } = collectLog()

  beforeAll(async () => {
    devnet = await startDevnet({ port: 0, dataDir: await tempDataDir(), log })
  })
  afterAll(() => devnet?.stop())

  it('serves every default chain id on its own path of one front', async () => {
    expect(devnet.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(devnet.chains.map((c) => c.chainId)).toEqual([...DEVNET_CHAIN_IDS])
    const answered = await Promise.all(
      DEVNET_CHAIN_IDS.map((chainId) => clientFor(devnet, chainId).getChainId()),
    )
    expect(answered).toEqual([...DEVNET_CHAIN_IDS])
    expect(devnet.rpcUrl(8453)).toBe(`${devnet.url}/8453`)
    expect(() => devnet.rpcUrl(5)).toThrow(/not served/)
    expect(anvilPids(lines)).toHaveLength(DEVNET_CHAIN_IDS.length)
  })

  it('funds dev account 0 with 10000 ETH', async () => {
    const balance = await clientFor(devnet, 1).getBalance({ address: DEV_ACCOUNTS[0] })
    expect(balance).toBe(parseEther('10000'))
  })

  it('seeds USDC (6 decimals) and WBTC (8 decimals) at the same addresses on every chain', async () => {
    for (const chainId of DEVNET_CHAIN_IDS) {
      expect(devnet.tokens[chainId]).toEqual(DEV_TOKENS)
      const client = clientFor(devnet, chainId)
      for (const [symbol, name, decimals, whole] of [
        ['USDC', 'USD Coin', 6, '1000000'],
        ['WBTC', 'Wrapped Bitcoin', 8, '10'],
      ] as const) {
        const { address } = devToken(symbol)
        const read = <F extends 'symbol' | 'name' | 'decimals'>(functionName: F) =>
          client.readContract({ address, abi: erc20Abi, functionName })
        expect(await read('symbol')).toBe(symbol)
        expect(await read('name')).toBe(name)
        expect(await read('decimals')).toBe(decimals)
        const balance = await client.readContract({
          address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [DEV_ACCOUNTS[0]],
        })
        expect(balance).toBe(parseUnits(whole, decimals))
      }
    }
  })

  it('stops every anvil child and is idempotent', async () => {
    const pids = anvilPids(lines)
    expect(pids.every(isRunning)).toBe(true)
    await Promise.all([devnet.stop(), devnet.stop()])
    await devnet.stop()
    expect(pids.filter(isRunning)).toEqual([])
    await expect(fetch(devnet.url)).rejects.toThrow()
  })
})

describe('startDevnet persistence', () => {
  const chainIds = [10, 8453]

  it('keeps a transfer across a restart with the same dataDir, and clean starts fresh', async () => {
    const dataDir = await tempDataDir()
    const usdc = devToken('USDC')

    const first = await startDevnet({ port: 0, dataDir, chainIds })
    let sent: `0x${string}`
    let blockBeforeStop: bigint
    try {
      const wallet = createWalletClient({ account: DEV_ACCOUNTS[0], transport: http(first.rpcUrl(10)) })
      await wallet.writeContract({
        chain: null,
        address: usdc.address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [recipient, 1_234_567n],
      })
      // No wait for the receipt: a stop right after sending must still keep the transaction.
      sent = await wallet.sendTransaction({ chain: null, to: recipient, value: 42n })
      blockBeforeStop = await clientFor(first, 10).getBlockNumber()
    } finally {
      await first.stop()
    }
    expect((await readdir(dataDir)).sort()).toEqual(['chain-10.json', 'chain-8453.json'])

    const restartLog = collectLog()
    const second = await startDevnet({ port: 0, dataDir, chainIds, log: restartLog.log })
    try {
      expect(second.tokens[10]).toEqual(first.tokens[10])
      const client = clientFor(second, 10)
      const balanceOf = {
        address: usdc.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [recipient],
      } as const
      expect(await client.readContract(balanceOf)).toBe(1_234_567n)
      expect(await client.getBalance({ address: recipient })).toBe(42n)
      // History survives too (the indexer of the chain API reads old blocks and receipts).
      expect((await client.getTransactionReceipt({ hash: sent })).status).toBe('success')
      expect(await client.getBlockNumber()).toBeGreaterThanOrEqual(blockBeforeStop)
      expect(restartLog.lines.join('\n')).toMatch(/chain 10 ready .*restored USDC, WBTC/)
    } finally {
      await second.stop()
    }

    const cleanLog = collectLog()
    const fresh = await startDevnet({ port: 0, dataDir, chainIds, clean: true, log: cleanLog.log })
    try {
      const client = clientFor(fresh, 10)
      expect(await client.getBalance({ address: recipient })).toBe(0n)
      expect(
        await client.readContract({
          address: usdc.address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [recipient],
        }),
      ).toBe(0n)
      expect(cleanLog.lines.join('\n')).toMatch(/chain 10 ready .*deployed USDC, WBTC/)
    } finally {
      await fresh.stop()
    }
  })

  it('deploys tokens at their fixed addresses even when the deployer nonce has moved on', async () => {
    // A state file written before seeding (e.g. by an older devnet) in which the deployer already sent transactions.
    const dataDir = await tempDataDir()
    const bare = await spawnAnvil({
      binary: resolveAnvilBinary(),
      chainId: 10,
      stateFile: join(dataDir, 'chain-10.json'),
    })
    await createTestClient({ mode: 'anvil', transport: http(bare.url) }).setNonce({
      address: DEPLOYER_ADDRESS,
      nonce: 5,
    })
    await bare.stop()

    const { lines, log } = collectLog()
    const devnet = await startDevnet({ port: 0, dataDir, chainIds: [10], log })
    try {
      const client = clientFor(devnet, 10)
      for (const token of DEV_TOKENS) {
        expect(
          await client.readContract({ address: token.address, abi: erc20Abi, functionName: 'symbol' }),
        ).toBe(token.symbol)
      }
      expect(await client.getTransactionCount({ address: DEPLOYER_ADDRESS })).toBe(5)
      expect(lines.join('\n')).toMatch(/chain 10 ready .*deployed USDC, WBTC/)
    } finally {
      await devnet.stop()
    }
  })

  it('moves an unreadable state file aside and starts that chain fresh', async () => {
    const dataDir = await tempDataDir()
    await writeFile(join(dataDir, 'chain-10.json'), '{"truncated')
    const { lines, log } = collectLog()
    const devnet = await startDevnet({ port: 0, dataDir, chainIds: [10], log })
    try {
      expect(await clientFor(devnet, 10).getChainId()).toBe(10)
      expect(lines.join('\n')).toMatch(
        /could not load .*chain-10\.json, moved it to .*chain-10\.corrupt-\d+\.json/,
      )
    } finally {
      await devnet.stop()
    }
  })

  it('reports an anvil that dies unexpectedly and answers 503 for its chain', async () => {
    const { lines, log } = collectLog()
    const devnet = await startDevnet({ port: 0, chainIds: [10, 137], log })
    try {
      const [pid] = anvilPids(lines.filter((line) => line.includes('chain 137 ready')))
      process.kill(pid as number, 'SIGKILL')
      await expect
        .poll(() => lines.join('\n'), { timeout: 5_000 })
        .toMatch(/chain 137: anvil .* exited unexpectedly/)
      const response = await fetch(devnet.rpcUrl(137), {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
      })
      expect(response.status).toBe(503)
      expect(await clientFor(devnet, 10).getChainId()).toBe(10)
    } finally {
      await devnet.stop()
    }
  })
})

describe('startDevnet options', () => {
  it('rejects a bad option with an error naming the field', async () => {
    const attempt = startDevnet({ port: 0, chainIds: ['x'] as unknown as number[] })
    await expect(attempt).rejects.toBeInstanceOf(DevnetError)
    await expect(attempt).rejects.toThrow(/chainIds\[0\]/)
    await expect(startDevnet({ port: 70_000 })).rejects.toThrow(/port/)
    await expect(startDevnet({ prot: 0 } as never)).rejects.toThrow(/prot/)
  })

  it('fails clearly when the front port is taken, leaving no anvil behind', async () => {
    const { lines, log } = collectLog()
    const devnet = await startDevnet({ port: 0, chainIds: [10], log })
    try {
      const port = Number(new URL(devnet.url).port)
      const attempt = startDevnet({ port, chainIds: [10], log })
      await expect(attempt).rejects.toMatchObject({ code: 'DEVNET_PORT_IN_USE' })
      expect(anvilPids(lines)).toHaveLength(1)
    } finally {
      await devnet.stop()
    }
  })
})
