import { mkdir, readdir, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { resolveAnvilBinary } from './anvil-binary.js'
import { type AnvilProcess, spawnAnvil } from './anvil-process.js'
import { deployAccountAbstraction } from './deploy-account-abstraction.js'
import { deployerClients, deployFixedContracts } from './deploy-fixed-contracts.js'
import { deploySmartAccountFactory } from './deploy-smart-account-factory.js'
import { deployVerifyingPaymaster } from './deploy-verifying-paymaster.js'
import { DEV_TOKENS, type DevnetToken } from './dev-tokens.js'
import type { DevnetChain } from './devnet-chains.js'
import {
  DEVNET_MANIFEST_FILE,
  type DevnetManifest,
  devnetManifest,
  writeDevnetManifest,
} from './devnet-manifest.js'
import { type DevnetOptions, parseDevnetOptions } from './devnet-options.js'
import { startDevnetProxy } from './devnet-proxy.js'
import { deployMulticall3 } from './multicall3.js'
import { seedPools } from './seed-pools.js'
import { fundBundlerExecutor } from './service-accounts.js'

export type Devnet = {
  /** Base URL of the HTTP front, e.g. http://127.0.0.1:8545. */
  url: string
  /** JSON-RPC URL of one chain, e.g. http://127.0.0.1:8545/10. Throws for a chain id not served. */
  rpcUrl(chainId: number): string
  chains: readonly DevnetChain[]
  /** Seeded ERC-20s per chain id (the same addresses on every chain). */
  tokens: Readonly<Record<number, readonly DevnetToken[]>>
  /**
   * What was deployed, for the chain API: chains, RPC URLs, native currencies, tokens, Uniswap V2 and the
   * smart-account contracts. Also written to
   * `<dataDir>/deployed.json` once every chain is ready, and served at `GET /`.
   */
  manifest: DevnetManifest
  /** Closes the front and stops every anvil gracefully (state is dumped to dataDir). Idempotent. */
  stop(): Promise<void>
}

const stateFilePattern = /^chain-\d+(\.corrupt-\d+)?\.json(\.\d+\.tmp)?$/

/**
 * Starts one anvil per chain id behind a single HTTP front, seeded with the dev tokens, Uniswap V2 pools,
 * Multicall3 and the ERC-4337 / EIP-7702 smart-account contracts.
 */
export async function startDevnet(options: DevnetOptions = {}): Promise<Devnet> {
  const { port, host, chainIds, dataDir: dataDirOption, clean, log: logOption } = parseDevnetOptions(options)
  // Absolute, so anvil children and log lines do not depend on the working directory.
  const dataDir = dataDirOption === undefined ? undefined : resolve(dataDirOption)
  const log = (line: string) => logOption?.(`[devnet] ${line}`)
  // A chain dying must never go unnoticed, even when the caller passed no logger.
  const warn = (line: string) =>
    logOption ? logOption(`[devnet] ${line}`) : console.warn(`[devnet] ${line}`)
  const startedAt = performance.now()
  const binary = resolveAnvilBinary()

  if (dataDir) {
    await mkdir(dataDir, { recursive: true })
    // A manifest from an earlier run names its port: nobody may read it until this run has written its own.
    await rm(join(dataDir, DEVNET_MANIFEST_FILE), { force: true })
    if (clean) await removeChainState(dataDir, log)
  }
  log(`starting chains ${chainIds.join(', ')} (${dataDir ? `state in ${dataDir}` : 'in-memory state'})`)

  const anvils: AnvilProcess[] = []
  // The front binds first, so a busy port fails fast before any anvil is spawned.
  const proxy = await startDevnetProxy({
    host,
    port,
    chainIds,
    // The manifest, plus the token list every chain shares (as listed before chains carried their own).
    describe: (baseUrl) => ({
      name: 'portico-devnet',
      ...devnetManifest(baseUrl, chainIds),
      tokens: DEV_TOKENS,
    }),
    // With a data folder, a change is on disk before its answer: a kill -9 loses no confirmed transaction.
    afterWrite: async (chainId) => {
      await anvils.find((anvil) => anvil.chainId === chainId)?.persist()
    },
  })
  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      await proxy.close()
      await Promise.all(anvils.map((anvil) => anvil.stop()))
      log(`stopped${dataDir ? `; state saved in ${dataDir}` : ''}`)
    })()
    return stopping
  }

  const startChain = async (chainId: number): Promise<void> => {
    const startedChainAt = performance.now()
    const stateFile = dataDir ? join(dataDir, `chain-${chainId}.json`) : undefined
    const spawnOptions = {
      binary,
      chainId,
      stateFile,
      onUnexpectedExit: (
        exit: { code: number | null; signal: NodeJS.Signals | null },
        anvil: AnvilProcess,
      ) => {
        proxy.setUpstream(chainId, undefined)
        warn(
          `chain ${chainId}: anvil (pid ${anvil.pid}) exited unexpectedly (code ${exit.code}, signal ${exit.signal}); ` +
            `POST /${chainId} now answers 503 until the devnet is restarted. Last output:\n  ${anvil.outputTail().join('\n  ')}`,
        )
      },
    }
    // A state file anvil cannot load fails the start naming the file: dropping it for a fresh chain would
    // silently lose the user's history. `clean` is the explicit way to start over.
    const anvil = await spawnAnvil(spawnOptions)
    anvils.push(anvil)
    if (stopping) return
    const deployer = deployerClients(anvil.url, chainId)
    const contracts = await deployFixedContracts(deployer, chainId)
    // Multicall3 comes from its own keyless account, so it goes out beside the deployer's CREATE2 calls.
    const [multicall3, accountAbstraction] = await Promise.all([
      deployMulticall3(deployer, chainId),
      deployAccountAbstraction(deployer, chainId),
    ])
    const pools = await seedPools(deployer, chainId)
    const executor = await fundBundlerExecutor(deployer)
    const paymaster = await deployVerifyingPaymaster(deployer, chainId)
    const factory = await deploySmartAccountFactory(deployer, chainId)
    proxy.setUpstream(chainId, anvil.url)
    const tokens = [
      contracts.deployed.length > 0 ? `deployed ${contracts.deployed.join(', ')}` : '',
      contracts.present.length > 0 ? `restored ${contracts.present.join(', ')}` : '',
      `${multicall3 === 'deployed' ? 'deployed' : 'restored'} Multicall3`,
      accountAbstraction.deployed.length > 0 ? `deployed ${accountAbstraction.deployed.join(', ')}` : '',
      accountAbstraction.present.length > 0 ? `restored ${accountAbstraction.present.join(', ')}` : '',
      pools.seeded.length > 0 ? `seeded pools ${pools.seeded.join(', ')}` : '',
      pools.present.length > 0 ? `kept pools ${pools.present.join(', ')}` : '',
      executor === 'funded' ? 'funded the bundler executor' : '',
      paymaster.deployed ? 'deployed PorticoVerifyingPaymaster' : '',
      paymaster.deposited ? 'funded its deposit' : '',
      factory ? 'deployed PorticoSmartAccountFactory' : '',
    ].filter(Boolean)
    log(
      `chain ${chainId} ready at ${proxy.url}/${chainId} in ${Math.round(performance.now() - startedChainAt)} ms ` +
        `(anvil pid ${anvil.pid}; ${tokens.join('; ')})`,
    )
  }

  // allSettled, not all: every chain must have settled before a failed start can stop what did spawn.
  const results = await Promise.allSettled(chainIds.map(startChain))
  const failure = results.find((result) => result.status === 'rejected')
  if (failure) {
    await stop()
    throw failure.reason
  }
  const manifest = devnetManifest(proxy.url, chainIds)
  if (dataDir) {
    try {
      log(`manifest written to ${await writeDevnetManifest(dataDir, manifest)}`)
    } catch (error) {
      await stop()
      throw error
    }
  }
  log(`ready at ${proxy.url} in ${Math.round(performance.now() - startedAt)} ms`)

  const chains = chainIds.map((chainId) => ({ chainId, rpcUrl: `${proxy.url}/${chainId}` }))
  return {
    url: proxy.url,
    rpcUrl(chainId) {
      const chain = chains.find((c) => c.chainId === chainId)
      if (!chain)
        throw new RangeError(`chain ${chainId} is not served by this devnet (${chainIds.join(', ')})`)
      return chain.rpcUrl
    },
    chains,
    tokens: Object.fromEntries(chainIds.map((chainId) => [chainId, DEV_TOKENS])),
    manifest,
    stop,
  }
}

async function removeChainState(dataDir: string, log: (line: string) => void): Promise<void> {
  const files = (await readdir(dataDir)).filter((file) => stateFilePattern.test(file))
  await Promise.all(files.map((file) => rm(join(dataDir, file), { force: true })))
  log(`clean start: removed ${files.length} state file(s) from ${dataDir}`)
}
