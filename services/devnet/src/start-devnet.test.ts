import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
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
import { mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_ABSTRACTION_CONTRACTS } from './account-abstraction-contracts.js'
import { resolveAnvilBinary } from './anvil-binary.js'
import { spawnAnvil } from './anvil-process.js'
import { DEPLOYER_ADDRESS, DEV_ACCOUNTS } from './dev-accounts.js'
import { DEV_TOKENS, devToken } from './dev-tokens.js'
import { DEVNET_CHAIN_IDS } from './devnet-chains.js'
import { DevnetError } from './devnet-error.js'
import { DEVNET_MANIFEST_FILE } from './devnet-manifest.js'
import { MULTICALL3_ADDRESS } from './multicall3.js'
import { type Devnet, startDevnet } from './start-devnet.js'
import { SWAP_CONTRACTS } from './swap-contracts.js'

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
  let dataDir: string
  const { lines, log } = collectLog()

  beforeAll(async () => {
    dataDir = await tempDataDir()
    devnet = await startDevnet({ port: 0, dataDir, log })
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

  it('seeds USDC (6 decimals), WBTC (8), DAI and UNI (18) at the same addresses on every chain', async () => {
    for (const chainId of DEVNET_CHAIN_IDS) {
      expect(devnet.tokens[chainId]).toEqual(DEV_TOKENS)
      const client = clientFor(devnet, chainId)
      for (const [symbol, name, decimals, whole] of [
        ['USDC', 'USD Coin', 6, '1000000'],
        ['WBTC', 'Wrapped Bitcoin', 8, '10'],
        ['DAI', 'Dai Stablecoin', 18, '1000000'],
        ['UNI', 'Uniswap', 18, '10000'],
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

  it('serves Multicall3 at its canonical address on every chain, so viem and wagmi batch reads through it', async () => {
    for (const chainId of DEVNET_CHAIN_IDS) {
      const client = createPublicClient({
        chain: { ...mainnet, id: chainId },
        transport: http(devnet.rpcUrl(chainId), { retryCount: 0 }),
      })
      const usdc = devToken('USDC').address
      // allowFailure: false fails on any revert, and viem only takes the multicall path with the contract set.
      const [symbol, balance] = await client.multicall({
        allowFailure: false,
        contracts: [
          { address: usdc, abi: erc20Abi, functionName: 'symbol' },
          { address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [DEV_ACCOUNTS[0]] },
        ],
      })
      expect([symbol, balance]).toEqual(['USDC', 1_000_000_000_000n])
      expect(await client.getBytecode({ address: MULTICALL3_ADDRESS })).toMatch(/^0x6080604052600436106100f3/)
    }
    expect(lines.join('\n')).toMatch(/chain 1 ready .*deployed Multicall3/)
  })

  it('serves EntryPoint v0.8, Simple7702Account, EntryPoint v0.7, the verifying paymaster and the smart-account factory on every chain', async () => {
    for (const chainId of DEVNET_CHAIN_IDS) {
      const client = clientFor(devnet, chainId)
      const codes = await Promise.all(
        Object.values(ACCOUNT_ABSTRACTION_CONTRACTS).map((address) => client.getCode({ address })),
      )
      expect(codes.map((code) => (code ?? '0x').length > 2)).toEqual([true, true, true, true, true])
    }
  })

  it('publishes what it deployed: a manifest in its data folder and at GET /', async () => {
    const polygon = devnet.manifest.chains.find((chain) => chain.chainId === 137)
    expect(polygon).toEqual({
      chainId: 137,
      name: 'Polygon',
      rpcUrl: `${devnet.url}/137`,
      nativeCurrency: { name: 'Polygon Ecosystem Token', symbol: 'POL', decimals: 18 },
      tokens: DEV_TOKENS,
      uniswapV2: SWAP_CONTRACTS,
      accountAbstraction: ACCOUNT_ABSTRACTION_CONTRACTS,
    })
    expect(devnet.manifest.chains.map((chain) => chain.chainId)).toEqual([...DEVNET_CHAIN_IDS])
    const path = join(dataDir, DEVNET_MANIFEST_FILE)
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(devnet.manifest)
    // Its owner's alone, as the rest of the data folder.
    expect((await stat(path)).mode & 0o077).toBe(0)
    expect(await (await fetch(devnet.url)).json()).toMatchObject(devnet.manifest)
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
    expect((await readdir(dataDir)).sort()).toEqual([
      'chain-10.json',
      'chain-8453.json',
      DEVNET_MANIFEST_FILE,
    ])

    const restartLog = collectLog()
    const second = await startDevnet({ port: 0, dataDir, chainIds, log: restartLog.log })
    try {
      expect(second.tokens[10]).toEqual(first.tokens[10])
      // The manifest is this run's: its RPC URLs name the new port.
      const manifest = JSON.parse(await readFile(join(dataDir, DEVNET_MANIFEST_FILE), 'utf8'))
      expect(manifest.chains[0].rpcUrl).toBe(second.rpcUrl(10))
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
      expect(restartLog.lines.join('\n')).toMatch(/chain 10 ready .*restored USDC, WBTC.*restored Multicall3/)
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
      // Never rewound below where it was (seeding the pools then moved it further on).
      expect(await client.getTransactionCount({ address: DEPLOYER_ADDRESS })).toBeGreaterThan(5)
      expect(lines.join('\n')).toMatch(/chain 10 ready .*deployed USDC, WBTC/)
    } finally {
      await devnet.stop()
    }
  })

  it('fails naming a state file it cannot load, keeps the file, and starts fresh only when asked', async () => {
    const dataDir = await tempDataDir()
    const stateFile = join(dataDir, 'chain-10.json')
    await writeFile(stateFile, '{"truncated')
    const attempt = startDevnet({ port: 0, dataDir, chainIds: [10] })
    await expect(attempt).rejects.toMatchObject({ code: 'DEVNET_STATE_UNREADABLE' })
    await expect(attempt).rejects.toThrow(stateFile)
    // The file is untouched: nothing was renamed or overwritten behind the user's back.
    expect(await readdir(dataDir)).toEqual(['chain-10.json'])
    expect(await readFile(stateFile, 'utf8')).toBe('{"truncated')

    const devnet = await startDevnet({ port: 0, dataDir, chainIds: [10], clean: true })
    try {
      expect(await clientFor(devnet, 10).getChainId()).toBe(10)
    } finally {
      await devnet.stop()
    }
  })

  it('restarts a long chain, too large for anvil_loadState, with every block and transaction', async () => {
    const dataDir = await tempDataDir()
    const first = await startDevnet({ port: 0, dataDir, chainIds: [10] })
    const sent: `0x${string}`[] = []
    let head: bigint
    let hashes: Map<bigint, `0x${string}`>
    try {
      // Mining 800 blocks, each saved as it is mined, takes seconds on a busy machine: past viem's 10 s.
      const testClient = createTestClient({
        mode: 'anvil',
        transport: http(first.rpcUrl(10), { timeout: 60_000 }),
      })
      const client = clientFor(first, 10)
      const wallet = createWalletClient({ account: DEV_ACCOUNTS[3], transport: http(first.rpcUrl(10)) })
      // Thousands of empty blocks around some with transactions, as a devnet left running accumulates.
      for (let round = 0; round < 4; round++) {
        await testClient.mine({ blocks: 800 })
        for (let i = 0; i < 25; i++) {
          sent.push(
            await wallet.sendTransaction({ chain: null, to: recipient, value: BigInt(sent.length + 1) }),
          )
        }
      }
      await client.waitForTransactionReceipt({ hash: sent.at(-1) as `0x${string}`, pollingInterval: 20 })
      head = await client.getBlockNumber({ cacheTime: 0 })
      const sample = [1n, head / 2n, head - 1n, head]
      hashes = new Map(
        await Promise.all(
          sample.map(async (n) => [n, (await client.getBlock({ blockNumber: n })).hash] as const),
        ),
      )
    } finally {
      await first.stop()
    }
    const stateFile = join(dataDir, 'chain-10.json')
    const state = await readFile(stateFile)

    // The RPC route the devnet used to load state through refuses a file this size.
    const bare = await spawnAnvil({ binary: resolveAnvilBinary(), chainId: 10 })
    try {
      const refused = await fetch(bare.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'anvil_loadState',
          params: [`0x${state.toString('hex')}`],
        }),
      }).then(
        async (response) => ((await response.json()) as { error?: unknown }).error !== undefined,
        () => true,
      )
      expect(refused).toBe(true)
    } finally {
      await bare.stop()
    }

    const second = await startDevnet({ port: 0, dataDir, chainIds: [10] })
    try {
      const client = clientFor(second, 10)
      expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(head)
      for (const [n, hash] of hashes) expect((await client.getBlock({ blockNumber: n })).hash).toBe(hash)
      const receipts = await Promise.all(sent.map((hash) => client.getTransactionReceipt({ hash })))
      expect(receipts.map((receipt) => receipt.status)).toEqual(sent.map(() => 'success'))
      expect(await client.getBalance({ address: recipient })).toBe(
        BigInt((sent.length * (sent.length + 1)) / 2),
      )
    } finally {
      await second.stop()
    }
    // Each of its hundred transactions is on disk before its answer: a whole-state save per write.
  }, 120_000)

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
