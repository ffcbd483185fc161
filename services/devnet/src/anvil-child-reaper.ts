// Anvil children are separate processes: they outlive a parent that exits or is signalled unless
// someone terminates them. This registry does so on process exit and on SIGINT/SIGTERM/SIGHUP.
// (A SIGKILL of the parent cannot be caught; anvil-process.ts covers it with a parent-death signal.)

export type ReapableChild = {
  pid: number
  /** Asks the child to stop (SIGTERM, so anvil still dumps its state). Must be synchronous. */
  terminate(): void
}

const forwardedSignals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP']
const liveChildren = new Set<ReapableChild>()
let installed = false

function terminateAll(): void {
  for (const child of liveChildren) {
    try {
      child.terminate()
    } catch {
      // Already gone; nothing left to reap.
    }
  }
}

function onSignal(signal: NodeJS.Signals): void {
  terminateAll()
  // If nobody else handles this signal, keep Node's default behaviour (exit) instead of swallowing it.
  if (process.listenerCount(signal) === 1) {
    uninstall()
    process.kill(process.pid, signal)
  }
}

function install(): void {
  if (installed) return
  installed = true
  process.on('exit', terminateAll)
  for (const signal of forwardedSignals) process.on(signal, onSignal)
}

function uninstall(): void {
  if (!installed) return
  installed = false
  process.off('exit', terminateAll)
  for (const signal of forwardedSignals) process.off(signal, onSignal)
}

/** Tracks a child until the returned function is called (when it has exited). */
export function trackChild(child: ReapableChild): () => void {
  liveChildren.add(child)
  install()
  return () => {
    liveChildren.delete(child)
    // Handlers only exist while children do, so an idle importer keeps default signal handling.
    if (liveChildren.size === 0) uninstall()
  }
}
