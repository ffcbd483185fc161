/** Group and others get no permission on anything the process creates. */
export const OWNER_ONLY_UMASK = 0o077

/**
 * Sets the process umask so every file and folder created from now on is its owner's only (files 0600,
 * folders 0700): data files, logs and keys alike. Call it first thing in a service's main entry, before
 * any file is written. Returns the previous mask. (Node allows this in the main thread only.)
 */
export function applyOwnerOnlyUmask(): number {
  return process.umask(OWNER_ONLY_UMASK)
}
