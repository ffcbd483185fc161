import { chmod, lstat, mkdir, readdir } from 'node:fs/promises'
import { join } from 'node:path'

/** Data directories are created for the service's own user only. */
export const OWNER_ONLY_DIRECTORY_MODE = 0o700
const GROUP_AND_OTHERS = 0o077

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'

/**
 * Creates `directory` (0700) if missing and takes every group and others permission off it and off
 * everything under it (a 0666 file becomes 0600, a 0755 directory 0700); the owner's bits stay. Repairs
 * data written by older versions or under a loose umask. Symbolic links are neither followed nor changed;
 * entries removed while the walk runs are skipped.
 */
export async function restrictToOwner(directory: string): Promise<void> {
  await mkdir(directory, { recursive: true, mode: OWNER_ONLY_DIRECTORY_MODE })
  const pending = [directory]
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    try {
      const stats = await lstat(path)
      if (stats.isSymbolicLink()) continue
      if (stats.mode & GROUP_AND_OTHERS) await chmod(path, stats.mode & 0o7700)
      if (stats.isDirectory()) for (const name of await readdir(path)) pending.push(join(path, name))
    } catch (error) {
      if (!isMissing(error)) throw error
    }
  }
}

/**
 * Every entry under `root` (itself included) that its group or others may read, write or enter, as
 * `"<mode> <path>"`: what `restrictToOwner` would change. Symbolic links are not followed.
 */
export async function entriesOpenToOthers(root: string): Promise<string[]> {
  const open: string[] = []
  const pending = [root]
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    const stats = await lstat(path)
    if (stats.isSymbolicLink()) continue
    if (stats.mode & GROUP_AND_OTHERS) open.push(`${(stats.mode & 0o777).toString(8)} ${path}`)
    if (stats.isDirectory()) for (const name of await readdir(path)) pending.push(join(path, name))
  }
  return open
}
