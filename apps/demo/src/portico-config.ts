import type { PorticoConfigInput } from '@portico/core'
import { evm } from '@portico/evm'

/** The demo's Portico config: every service on the local stack, which `npm start` runs. */
export const porticoConfig: PorticoConfigInput = {
  projectId: 'portico-demo',
  networks: [1, 10, 137, 8453, 42161],
  metadata: {
    name: 'Portico demo',
    description: 'A dApp showing every Portico feature against the local stack',
    url: 'http://127.0.0.1:3000',
  },
  enableEIP6963: true,
  themeMode: 'dark',
  adapters: [evm()],
}
