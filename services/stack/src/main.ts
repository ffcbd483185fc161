import { applyOwnerOnlyUmask } from '@portico/http-kit'
import { readStackConfig } from './stack-config.js'
import { startStack } from './start-stack.js'

const started = performance.now()
const dim = (text: string) => (process.stdout.isTTY ? `\x1b[2m${text}\x1b[0m` : text)
const bold = (text: string) => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[0m` : text)

async function main() {
  // Everything the stack writes (databases, keys, chain state) is its user's only.
  applyOwnerOnlyUmask()
  const config = readStackConfig(process.env, process.argv.slice(2))
  console.log(
    bold('Portico') + dim(` — starting the local stack${config.clean ? ' from a clean data folder' : ''}`),
  )
  const stack = await startStack(config, { log: (line) => console.log(dim(`  ${line}`)) })

  const rows = [
    ['Demo dApp', stack.urls.demo],
    ['Explorer', stack.urls.explorer],
    ['Chain API', stack.urls.chainApi],
    ['Relay', stack.urls.relay],
    ['Auth', stack.urls.auth],
    ['Mail inbox', stack.urls.inbox],
    ['Test wallet', stack.urls.wallet],
    ['Bundler', `${stack.urls.bundler}/<chainId>  (ERC-4337)`],
    ['Paymaster', `${stack.urls.paymaster}/<projectId>  (ERC-7677)`],
    [
      'EVM devnet',
      `${stack.urls.devnet}/<chainId>  (${stack.devnet.chains.map((c) => c.chainId).join(', ')})`,
    ],
    [
      'Solana',
      `${stack.urls.solanaDevnet}/<cluster>  (${stack.solanaDevnet.clusters.map((c) => c.name).join(', ')}; WebSocket on the same URL)`,
    ],
  ]
  console.log(`\n${bold('Ready')} in ${Math.round(performance.now() - started)} ms\n`)
  for (const [name, url] of rows) console.log(`  ${(name as string).padEnd(12)} ${url}`)
  console.log(
    dim(`\n  Data: ${config.dataDir}  (npm start -- --clean starts fresh)\n  Ctrl-C stops everything.\n`),
  )

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(dim(`\n${signal}: stopping…`))
    await stack.stop()
    console.log(dim('Stopped.'))
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
}

main().catch((error: Error) => {
  console.error(`\nPortico could not start: ${error.message}`)
  process.exit(1)
})
