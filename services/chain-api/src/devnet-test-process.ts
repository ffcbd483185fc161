// A devnet in a process of its own, for tests that kill it with SIGKILL. Argument: its data folder.
// Prints {"url": "..."} on one line once it serves.
import { startDevnet } from '@portico/devnet'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: devnet-test-process.ts <dataDir>')
const devnet = await startDevnet({ port: 0, chainIds: [1], dataDir })
process.stdout.write(`${JSON.stringify({ url: devnet.url })}\n`)
process.once('SIGTERM', () => void devnet.stop().then(() => process.exit(0)))
