import { readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { DevnetError } from '../devnet-error.js'
import { transactionRecordSchema } from './transaction-log.js'

/**
 * A cluster's saved state, one file per cluster (`<dataDir>/solana-<cluster>.json`, owner-only): litesvm's
 * own snapshot (`toBytes`, base64) together with what the facade adds (slot, recent blockhashes and the
 * transaction log), written atomically so the two never disagree.
 */

const stateSchema = z.object({
  version: z.literal(1),
  cluster: z.string(),
  genesisHash: z.string(),
  slot: z.number().int().nonnegative(),
  blockhashSeed: z.string().min(1),
  blockhashes: z.array(
    z.object({ blockhash: z.string(), slot: z.number().int(), lastValidBlockHeight: z.number().int() }),
  ),
  svm: z.string(),
  transactions: z.array(transactionRecordSchema),
})

export type ClusterState = z.infer<typeof stateSchema>

export const clusterStateFile = (dataDir: string, cluster: string) => join(dataDir, `solana-${cluster}.json`)

/** The saved state, undefined when there is none; a file that cannot be read stops the start. */
export async function readClusterState(file: string, genesisHash: string): Promise<ClusterState | undefined> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  let parsed: ReturnType<typeof stateSchema.safeParse>
  try {
    parsed = stateSchema.safeParse(JSON.parse(text))
  } catch {
    parsed = { success: false } as never
  }
  if (!parsed.success || parsed.data.genesisHash !== genesisHash) {
    throw new DevnetError(
      'DEVNET_STATE_UNREADABLE',
      `Solana devnet: the state file ${file} cannot be read`,
      'move it away, or start clean (--clean / PORTICO_CLEAN=1) to discard it',
    )
  }
  return parsed.data
}

export async function writeClusterState(file: string, state: ClusterState): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`
  await writeFile(temporary, JSON.stringify(state), { mode: 0o600 })
  await rename(temporary, file)
}
