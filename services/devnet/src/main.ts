// Standalone devnet: `npx tsx --conditions=portico:source services/devnet/src/main.ts [--clean]`.
// Env: DEVNET_PORT (default 8545), SOLANA_DEVNET_PORT (default 8899), PORTICO_DATA_DIR (default .data; chain
// state goes to <dir>/devnet, the Solana clusters' to <dir>/solana).
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { DevnetError } from './devnet-error.js'
import { startSolanaDevnet } from './solana/start-solana-devnet.js'
import { startDevnet } from './start-devnet.js'

const envSchema = z.object({
  DEVNET_PORT: z.coerce.number().int().min(0).max(65_535).default(8545),
  SOLANA_DEVNET_PORT: z.coerce.number().int().min(0).max(65_535).default(8899),
  PORTICO_DATA_DIR: z.string().min(1).default('.data'),
})

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

const parsedEnv = envSchema.safeParse(process.env)
if (!parsedEnv.success) {
  fail(
    `invalid environment: ${parsedEnv.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
  )
}
const env = parsedEnv.data
// Chain state is this user's alone (no group or other access to what the devnet writes).
process.umask(0o077)

const devnet = await startDevnet({
  port: env.DEVNET_PORT,
  dataDir: join(resolve(env.PORTICO_DATA_DIR), 'devnet'),
  clean: process.argv.includes('--clean'),
  log: (line) => console.log(line),
}).catch((error: unknown) =>
  fail(
    error instanceof DevnetError
      ? `${error.message}${error.hint ? `\nhint: ${error.hint}` : ''}`
      : String(error),
  ),
)

const solana = await startSolanaDevnet({
  port: env.SOLANA_DEVNET_PORT,
  dataDir: join(resolve(env.PORTICO_DATA_DIR), 'solana'),
  clean: process.argv.includes('--clean'),
  log: (line) => console.log(line),
}).catch(async (error: unknown) => {
  await devnet.stop()
  return fail(
    error instanceof DevnetError
      ? `${error.message}${error.hint ? `\nhint: ${error.hint}` : ''}`
      : String(error),
  )
})

for (const chain of devnet.chains) console.log(`  chain ${String(chain.chainId).padEnd(9)} ${chain.rpcUrl}`)
for (const token of devnet.tokens[devnet.chains[0]?.chainId ?? 1] ?? []) {
  console.log(`  ${token.symbol.padEnd(5)} ${token.address} (${token.decimals} decimals, every chain)`)
}
for (const cluster of solana.clusters)
  console.log(`  solana ${cluster.name.padEnd(12)} ${cluster.rpcUrl} (${cluster.caip2})`)
console.log('Press Ctrl-C to stop.')

let stopping = false
const shutdown = (signal: NodeJS.Signals) => {
  if (stopping) return
  stopping = true
  console.log(`\n${signal}: stopping devnet…`)
  Promise.all([devnet.stop(), solana.stop()]).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
