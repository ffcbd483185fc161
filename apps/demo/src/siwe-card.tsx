import { usePortico } from '@portico/react'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { demoSiweConfig, siweSession, siweToggleUrl } from './demo-siwe.js'

/** Sign-In With Ethereum is on (`?siwe=1`): the session the demo's backend holds, and sign-out. */
export default function SiweCard() {
  const portico = usePortico()
  const session = useSyncExternalStore(siweSession.subscribe, siweSession.get, () => null)
  const [pending, setPending] = useState(false)
  // The backend's session as the page opens (the modal's own check waits for its code to load).
  useEffect(() => {
    demoSiweConfig.getSession().catch(() => {})
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
        <dd data-testid="siwe-enabled">On</dd>
        <dt>Session</dt>
        <dd data-testid="siwe-session" className="mono">
          {session ? `${session.address} (chain ${session.chainId})` : 'Not signed in'}
        </dd>
      </dl>
      <button type="button" className="demo-button" disabled={!session || pending} onClick={signOut}>
        Sign out
      </button>
      <a className="demo-link" href={siweToggleUrl(false)}>
        Turn sign-in off
      </a>
    </section>
  )
}
