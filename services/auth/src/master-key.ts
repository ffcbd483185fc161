import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const HEX_KEY = /^[0-9a-f]{64}$/i

/**
 * The 32-byte key that seals recovery shares (and seeds the local test identities). Given: used as is.
 * Else generated once and kept in `<dataDir>/auth/master.key` (mode 0600), or only in memory.
 */
export function loadMasterKey(options: {
  masterKey?: string | undefined
  dataDir?: string | undefined
}): Buffer {
  if (options.masterKey !== undefined) {
    if (!HEX_KEY.test(options.masterKey)) throw new Error('AUTH_MASTER_KEY must be 32 bytes as 64 hex digits')
    return Buffer.from(options.masterKey, 'hex')
  }
  if (!options.dataDir) return randomBytes(32)
  const directory = join(options.dataDir, 'auth')
  const file = join(directory, 'master.key')
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim()
    if (!HEX_KEY.test(stored)) throw new Error(`${file} does not hold a 64-hex-digit key`)
    return Buffer.from(stored, 'hex')
  }
  mkdirSync(directory, { recursive: true, mode: 0o700 })
  const key = randomBytes(32)
  // 'wx' fails if another process created it meanwhile; then read theirs.
  try {
    writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
    chmodSync(file, 0o600)
    return key
  } catch {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex')
  }
}
