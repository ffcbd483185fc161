import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBundlerServer, DEFAULT_ENTRY_POINTS } from '@portico/bundler'
import {
  type Devnet,
  devnetServiceKey,
  ENTRY_POINT_08_ADDRESS,
  startDevnet,
  VERIFYING_PAYMASTER_ADDRESS,
} from '@portico/devnet'
import { createPaymasterServer } from '@portico/paymaster'
import { parseEther } from 'viem'

export interface SponsorStack {
  devnet: Devnet
  /** The bundler's JSON-RPC endpoint for chain 10. */
  bundlerUrl: string
  /** The paymaster's endpoint for project `demo`. */
  paymasterUrl: string
  stop(): Promise<void>
}

/**
 * What a sponsored user operation runs on, for the wallet's tests: a devnet with chain 10, the bundler and
 * the paymaster, which sponsors project `demo` on chain 10 (10 operations and 1 ETH a day).
 */
export async function startSponsorStack(name: string): Promise<SponsorStack> {
  const dataDir = await mkdtemp(join(tmpdir(), `portico-frame-${name}-`))
  const devnet = await startDevnet({ port: 0, dataDir, chainIds: [10] })
  const chains = [{ chainId: 10, rpcUrl: devnet.rpcUrl(10) }]
  const bundler = await createBundlerServer({
    host: '127.0.0.1',
    chains,
    entryPoints: DEFAULT_ENTRY_POINTS,
    executorPrivateKey: devnetServiceKey('bundlerExecutor'),
  })
  const paymaster = await createPaymasterServer({
    chains,
    paymasterAddress: VERIFYING_PAYMASTER_ADDRESS,
    entryPoint: ENTRY_POINT_08_ADDRESS,
    signerPrivateKey: devnetServiceKey('paymasterSigner'),
    policy: {
      projects: {
        demo: { name: 'Demo', chains: { '10': { maxOpsPerDay: 10, maxWeiPerDay: parseEther('1') } } },
      },
    },
  })
  return {
    devnet,
    bundlerUrl: `${await bundler.app.listen({ host: '127.0.0.1', port: 0 })}/10`,
    paymasterUrl: `${await paymaster.app.listen({ host: '127.0.0.1', port: 0 })}/demo`,
    async stop() {
      await paymaster.close()
      await bundler.close()
      await devnet.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
