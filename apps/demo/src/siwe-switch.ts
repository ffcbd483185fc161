import type { SiweConfig } from '@portico/core'

/** SIWE is opt-in (`?siwe=1`): with it the modal asks for a signature after every connection. */
export const siweEnabled =
  typeof location !== 'undefined' && new URLSearchParams(location.search).get('siwe') === '1'

type DemoSiwe = typeof import('./demo-siwe.js')
let loaded: DemoSiwe | undefined
const load = async (): Promise<DemoSiwe> => {
  loaded ??= await import('./demo-siwe.js')
  return loaded
}

/**
 * The demo's SIWE config as the first paint holds it: each call loads the real one (demo-siwe.ts, with
 * viem's message formatter) on first use. `getNonce` always comes before `createMessage`.
 */
export const lazySiweConfig: SiweConfig = {
  getNonce: async (address) => (await load()).demoSiweConfig.getNonce(address),
  getMessageParams: async () =>
    (await load()).demoSiweConfig.getMessageParams?.() ?? { domain: location.host, uri: location.origin },
  createMessage: (args) => {
    if (!loaded) throw new Error('getNonce loads the SIWE config first')
    return loaded.demoSiweConfig.createMessage(args)
  },
  verifyMessage: async (args) => (await load()).demoSiweConfig.verifyMessage(args),
  getSession: async () => (await load()).demoSiweConfig.getSession(),
  signOut: async () => (await load()).demoSiweConfig.signOut(),
  onSignIn: (session) => loaded?.demoSiweConfig.onSignIn?.(session),
  onSignOut: () => loaded?.demoSiweConfig.onSignOut?.(),
}
