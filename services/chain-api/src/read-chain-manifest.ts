import { readFile } from 'node:fs/promises'
import { type ChainManifest, InvalidChainManifestError, parseChainManifest } from './chain-manifest.js'

/** Reads and validates a manifest file (CHAIN_API_MANIFEST); a missing, non-JSON or invalid file names itself. */
export async function readChainManifest(path: string): Promise<ChainManifest> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT'
    throw new InvalidChainManifestError(
      missing
        ? `No chain manifest at ${path}: start the devnet first (it writes <data>/devnet/deployed.json) or set CHAIN_API_MANIFEST`
        : `Cannot read the chain manifest ${path}: ${(error as Error).message}`,
      { cause: error },
    )
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new InvalidChainManifestError(
      `The chain manifest ${path} is not JSON: ${(error as Error).message}`,
      {
        cause: error,
      },
    )
  }
  return parseChainManifest(json, `chain manifest ${path}`)
}
