import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { restrictToOwner } from '@portico/database'

/**
 * Makes the data folder its owner's only before any service writes to it: created 0700, and whatever an
 * older install left there loses its group and others permissions. The devnet's folder is made here too,
 * since the devnet creates it with the process umask; the databases make theirs 0700 themselves.
 */
export async function preparePrivateDataDir(dataDir: string): Promise<void> {
  await restrictToOwner(dataDir)
  await mkdir(join(dataDir, 'devnet'), { recursive: true, mode: 0o700 })
}
