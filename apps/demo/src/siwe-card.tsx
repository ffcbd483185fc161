import { usePortico } from '@portico/react'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { demoSiweConfig, siweEnabled, siweSession, siweToggleUrl } from './demo-siwe.js'

/** Sign-In With Ethereum against the demo's own backend: on with `?siwe=1`, and the session it holds. */
export function SiweCard() {
  const portico = usePortico()
  const session = useSyncExternalStore(siweSession.subscribe, siweSession.get, () => null)
  const [pending, setPending] = useState(false)
  // The backend's session as the page opens (the modal's own check waits for its code to load).
  useEffect(() => {
    if (siweEnabled) demoSiweConfig.getSession().catch(() => {})
  }, [])

  const signOut = async () => {
    setPending(true)
    try {
      await portico.load()
      await portico.siwe?.signOut()
    } finally {
      setPending(false)
    }
  }

  return (
    <section className="card" aria-labelledby="siwe-title">
      <h2 id="siwe-title">Sign-In With Ethereum</h2>
      <dl>
        <dt>Sign-in</dt>
        <dd data-testid="siwe-enabled">{siweEnabled ? 'On' : 'Off'}</dd>
        <dt>Session</dt>
        <dd data-testid="siwe-session" className="mono">
          {session ? `${session.address} (chain ${session.chainId})` : 'Not signed in'}
        </dd>
      </dl>
      {siweEnabled ? (
        <button type="button" className="demo-button" disabled={!session || pending} onClick={signOut}>
          Sign out
        </button>
      ) : null}
      <a className="demo-link" href={siweToggleUrl(!siweEnabled)}>
        {siweEnabled ? 'Turn sign-in off' : 'Turn sign-in on'}
      </a>
    </section>
  )
}
