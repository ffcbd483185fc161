import { createBundlerServer, DEFAULT_ENTRY_POINTS } from '@portico/bundler'
import { type Devnet, devnetServiceKey } from '@portico/devnet'

export type AccountAbstractionServices = {
  /** The bundler front: `POST <bundler>/<chainId>`, ERC-4337 JSON-RPC. */
  bundlerUrl: string
  stop(): Promise<void>
}

/**
 * The ERC-4337 side of the stack: the bundler (alto behind Portico's front, one per devnet chain, started at
 * its chain's first user operation), sending with the devnet's bundler executor key.
 */
export async function startAccountAbstraction(options: {
  host: string
  port: number
  devnet: Devnet
  log: (line: string) => void
}): Promise<AccountAbstractionServices> {
  const { devnet, log } = options
  const bundler = await createBundlerServer({
    host: options.host,
    chains: devnet.chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl })),
    entryPoints: DEFAULT_ENTRY_POINTS,
    executorPrivateKey: devnetServiceKey('bundlerExecutor'),
    log,
  })
  try {
    const bundlerUrl = await bundler.app.listen({ host: options.host, port: options.port })
    log(`[bundler] ready at ${bundlerUrl} (alto per chain, started at the chain's first user operation)`)
    return { bundlerUrl, stop: () => bundler.close() }
  } catch (error) {
    await bundler.close()
    throw error
  }
}
