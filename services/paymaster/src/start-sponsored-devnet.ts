import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Devnet, startDevnet } from '@portico/devnet'
import type { ChainBudget } from './sponsorship-policy.js'
import { startAccountAbstraction } from './start-account-abstraction.js'

export interface SponsoredDevnet {
  devnet: Devnet
  /** The bundler's JSON-RPC endpoint for `chainId`. */
  bundlerUrl: string
  /** The paymaster's endpoint for `projectId`. */
  paymasterUrl: string
  /** Stops the services and the devnet, and removes the devnet's state. */
  stop(): Promise<void>
}

/**
 * A devnet of one chain with its bundler and a paymaster that sponsors one project there within
 * `budget`, its state in a temporary folder: what a test or a bench of one sponsored user operation needs.
 */
export async function startSponsoredDevnet(options: {
  /** Names the temporary folder. */
  name: string
  chainId: number
  projectId: string
  budget: ChainBudget
}): Promise<SponsoredDevnet> {
  const { chainId, projectId } = options
  const dataDir = await mkdtemp(join(tmpdir(), `portico-${options.name}-`))
  const removeState = () => rm(dataDir, { recursive: true, force: true })
  const devnet = await startDevnet({ port: 0, dataDir, chainIds: [chainId] }).catch(async (error) => {
    await removeState()
    throw error
  })
  const services = await startAccountAbstraction({
    devnet,
    policy: {
      projects: { [projectId]: { name: projectId, chains: { [String(chainId)]: options.budget } } },
    },
  }).catch(async (error) => {
    await devnet.stop()
    await removeState()
    throw error
  })
  return {
    devnet,
    bundlerUrl: `${services.bundlerUrl}/${chainId}`,
    paymasterUrl: `${services.paymasterUrl}/${projectId}`,
    async stop() {
      await services.stop()
      await devnet.stop()
      await removeState()
    },
  }
}
