import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { DevnetError } from './devnet-error.js'

const require = createRequire(import.meta.url)
const archNames: Partial<Record<NodeJS.Architecture, string>> = { x64: 'amd64', arm64: 'arm64' }

/**
 * Path of anvil's prebuilt binary from its per-platform npm package. Spawning it directly saves the
 * Node wrapper process that `@foundry-rs/anvil`'s own bin would add per chain.
 */
export function resolveAnvilBinary(): string {
  const packageName = `@foundry-rs/anvil-${process.platform}-${archNames[process.arch] ?? process.arch}`
  let packageDir: string
  try {
    packageDir = dirname(require.resolve(`${packageName}/package.json`))
  } catch (error) {
    throw new DevnetError(
      'DEVNET_ANVIL_NOT_FOUND',
      `anvil binary package ${packageName} is not installed`,
      'run `npm install` at the repository root; @foundry-rs/anvil installs it as an optional dependency',
      { cause: error },
    )
  }
  const binary = join(packageDir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil')
  if (!existsSync(binary)) {
    throw new DevnetError('DEVNET_ANVIL_NOT_FOUND', `anvil binary missing at ${binary}`)
  }
  return binary
}
