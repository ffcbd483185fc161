import { createBundlerServer, DEFAULT_ENTRY_POINTS } from '@portico/bundler'
import {
  type Devnet,
  devnetServiceKey,
  ENTRY_POINT_08_ADDRESS,
  VERIFYING_PAYMASTER_ADDRESS,
} from '@portico/devnet'
import { createPaymasterServer } from './create-paymaster-server.js'
import type { SponsorshipPolicy } from './sponsorship-policy.js'

export interface AccountAbstractionServices {
  /** The bundler front: `POST <bundlerUrl>/<chainId>`, ERC-4337 JSON-RPC. */
  bundlerUrl: string
  /** The ERC-7677 paymaster: `POST <paymasterUrl>/<projectId>`. */
  paymasterUrl: string
  /** Stops the paymaster and the bundler (not the devnet, which belongs to the caller). */
  stop(): Promise<void>
}

export interface StartAccountAbstractionOptions {
  /** Every chain of this devnet gets a bundler and is one the paymaster may sponsor on. */
  devnet: Devnet
  policy: SponsorshipPolicy
  /** Default 127.0.0.1. */
  host?: string
  /** Default 0 for both: free ports. */
  ports?: { bundler: number; paymaster: number }
  /** Where the paymaster keeps its daily counts (PGlite under dataDir, the shared PostgreSQL, or memory). */
  dataDir?: string | undefined
  databaseUrl?: string | undefined
  log?: (line: string) => void
}

/**
 * The ERC-4337 side of a devnet: the bundler (alto behind Portico's front, one per chain, started at its
 * chain's first user operation) with the devnet's bundler executor key, and the ERC-7677 paymaster signing
 * for the devnet's PorticoVerifyingPaymaster under `policy`. The stack, the frame's tests and the gas
 * bench all start it here.
 */
export async function startAccountAbstraction(
  options: StartAccountAbstractionOptions,
): Promise<AccountAbstractionServices> {
  const { devnet, log = () => {} } = options
  const host = options.host ?? '127.0.0.1'
  const chains = devnet.chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl }))
  const bundler = await createBundlerServer({
    host,
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
    policy: options.policy,
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
    const bundlerUrl = await bundler.app.listen({ host, port: options.ports?.bundler ?? 0 })
    log(`[bundler] ready at ${bundlerUrl} (alto per chain, started at the chain's first user operation)`)
    const paymasterUrl = await paymaster.app.listen({ host, port: options.ports?.paymaster ?? 0 })
    log(
      `[paymaster] ready at ${paymasterUrl} (ERC-7677, PorticoVerifyingPaymaster ${VERIFYING_PAYMASTER_ADDRESS})`,
    )
    return { bundlerUrl, paymasterUrl, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
