import type { AddressInfo } from 'node:net'
import { CHROMIUM_FLAGS } from '../e2e/launch-chromium.ts'
import { installProbe, type ProbeOptions } from './page-probe.ts'

/** The e2e flags, and every external host failing at once: offline behaviour is the same on any machine. */
export const CHROMIUM_ARGS = [...CHROMIUM_FLAGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1']

/** The in-page timer as an init script. */
export function probeScript(options: ProbeOptions): string {
  // tsx keeps function names with a __name helper; give the serialized function a stand-in.
  return `(() => { const __name = (f) => f; (${installProbe.toString()})(${JSON.stringify(options)}) })()`
}

/** Portico's explorer on a loopback port, for the Portico app's wallet list. */
export async function startExplorer(): Promise<{ url: string; close(): Promise<void> }> {
  const { createExplorerServer } = await import('../services/explorer/src/index.ts')
  const server = await createExplorerServer({ rateLimit: false, logger: false })
  await server.app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = server.app.server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() }
}
