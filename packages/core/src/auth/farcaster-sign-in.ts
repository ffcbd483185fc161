import { type AuthFlow, signIn } from './auth-flow.js'

/** Sign In With Farcaster: the view shows the link (and its code) until the visitor approves it. */
export function startFarcaster(flow: AuthFlow) {
  flow.patch({
    socialProvider: 'farcaster',
    farcasterUrl: undefined,
    farcasterCode: undefined,
    stepUp: undefined,
  })
  flow.options.router.push('ConnectingFarcaster')
  return flow.run('farcaster', async (wallet, current) => {
    const { uri, code } = await wallet.farcasterUri()
    if (!current()) return
    flow.patch({ farcasterUrl: uri, farcasterCode: code })
    await signIn(flow, wallet, current, () => wallet.connectFarcaster())
  })
}
