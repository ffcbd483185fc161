import { DEMO_PROJECT_ID } from '@portico/auth'
import { createBundlerServer, DEFAULT_ENTRY_POINTS } from '@portico/bundler'
import {
  type Devnet,
  devnetServiceKey,
  ENTRY_POINT_08_ADDRESS,
  VERIFYING_PAYMASTER_ADDRESS,
} from '@portico/devnet'
import { createPaymasterServer, parseSponsorshipPolicy, type SponsorshipPolicy } from '@portico/paymaster'
import { parseEther } from 'viem'

export type AccountAbstractionServices = {
  /** The bundler front: `POST <bundler>/<chainId>`, ERC-4337 JSON-RPC. */
  bundlerUrl: string
  /** The ERC-7677 paymaster: `POST <paymaster>/<projectId>`. */
  paymasterUrl: string
  stop(): Promise<void>
}

/** The demo project sponsored on every devnet chain: 1,000 operations and 10 of the native currency a day. */
function demoPolicy(devnet: Devnet): SponsorshipPolicy {
  const budget = { maxOpsPerDay: 1_000, maxWeiPerDay: parseEther('10') }
  return {
    projects: {
      [DEMO_PROJECT_ID]: {
        name: 'Portico demo',
        chains: Object.fromEntries(devnet.chains.map((chain) => [String(chain.chainId), budget])),
      },
    },
  }
}

/**
 * The ERC-4337 side of the stack: the bundler (alto behind Portico's front, one per devnet chain, started at
 * its chain's first user operation) with the devnet's bundler executor key, and the ERC-7677 paymaster
 * signing for the devnet's PorticoVerifyingPaymaster.
 */
export async function startAccountAbstraction(options: {
  host: string
  ports: { bundler: number; paymaster: number }
  devnet: Devnet
  paymasterPolicy: string | undefined
  /** Where the paymaster keeps its daily counts (PGlite under dataDir, or the shared PostgreSQL). */
  dataDir?: string | undefined
  databaseUrl?: string | undefined
  log: (line: string) => void
}): Promise<AccountAbstractionServices> {
  const { devnet, log } = options
  const chains = devnet.chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl }))
  const bundler = await createBundlerServer({
    host: options.host,
    chains,
    entryPoints: DEFAULT_ENTRY_POINTS,
    executorPrivateKey: devnetServiceKey('bundlerExecutor'),
    log,
  })
  // A paymaster that cannot open its database (a bad DATABASE_URL) must not leave the bundler running.
  const paymaster = await createPaymasterServer({
    chains,
    paymasterAddress: VERIFYING_PAYMASTER_ADDRESS,
    entryPoint: ENTRY_POINT_08_ADDRESS,
    signerPrivateKey: devnetServiceKey('paymasterSigner'),
    policy: options.paymasterPolicy
      ? parseSponsorshipPolicy(options.paymasterPolicy, 'PAYMASTER_POLICY')
      : demoPolicy(devnet),
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
  }).catch(async (error: unknown) => {
    await bundler.close()
    throw error
  })
  const stop = async () => {
    await paymaster.close()
    await bundler.close()
  }
  try {
    const bundlerUrl = await bundler.app.listen({ host: options.host, port: options.ports.bundler })
    log(`[bundler] ready at ${bundlerUrl} (alto per chain, started at the chain's first user operation)`)
    const paymasterUrl = await paymaster.app.listen({ host: options.host, port: options.ports.paymaster })
    log(
      `[paymaster] ready at ${paymasterUrl} (ERC-7677, PorticoVerifyingPaymaster ${VERIFYING_PAYMASTER_ADDRESS})`,
    )
    return { bundlerUrl, paymasterUrl, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
