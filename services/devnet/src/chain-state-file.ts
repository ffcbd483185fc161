import { rename, writeFile } from 'node:fs/promises'
import { gunzipSync } from 'node:zlib'

/**
 * Chain state is saved through anvil's own RPC (`anvil_dumpState`) rather than its `--state` flag: with
 * the flag, a periodic dump still in flight at exit could overwrite the final one, and a graceful stop
 * sometimes lost the last transaction. Here every write is ours, serialised, and atomic (temporary file +
 * rename), so the file on disk is always one whole snapshot. The file holds the same JSON as anvil's
 * `--dump-state`, and anvil reads it back at start with `--load-state` (see spawnAnvil).
 */

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

/** Waits (briefly) for automine to take what is still in the pool, so a stop never drops a sent transaction. */
async function settlePool(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const status = await rpc<{ pending: string }>(url, 'txpool_status', [])
    if (Number(status.pending) === 0) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

export type ChainStateSaver = {
  /** Saves now; concurrent calls share one dump, and a call during a dump runs once it ends. */
  save(options?: { settle?: boolean }): Promise<void>
}

export function createChainStateSaver(url: string, file: string): ChainStateSaver {
  let last: string | undefined
  let queue: Promise<void> = Promise.resolve()
  const saveOnce = async (settle: boolean) => {
    if (settle) await settlePool(url, 2_000)
    const dumped = await rpc<string>(url, 'anvil_dumpState', [])
    const bytes = Buffer.from(dumped.slice(2), 'hex')
    // anvil gzips its dump; the file keeps plain JSON like `--dump-state` writes.
    const json =
      bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8')
    if (json === last) return
    const temporary = `${file}.${process.pid}.tmp`
    await writeFile(temporary, json, { mode: 0o600 })
    await rename(temporary, file)
    last = json
  }
  return {
    save(options = {}) {
      queue = queue.catch(() => {}).then(() => saveOnce(options.settle ?? false))
      return queue
    },
  }
}
