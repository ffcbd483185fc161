import { useAccount, usePortico } from '@portico/react'
import { useState } from 'react'
import { useWalletAction } from './use-wallet-action.js'

export function SignMessageCard() {
  const portico = usePortico()
  const { isConnected, address } = useAccount()
  const [message, setMessage] = useState('Hello from the Portico demo')
  const { pending, result, run } = useWalletAction<{ signature: string; valid: boolean }>()

  const sign = () =>
    run(async () => {
      const signature = await portico.signMessage(message)
      // viem is loaded only here, to check the signature the wallet returned.
      const { verifyMessage } = await import('viem')
      const valid = await verifyMessage({
        address: address as `0x${string}`,
        message,
        signature: signature as `0x${string}`,
      })
      return { signature, valid }
    })

  return (
    <section className="card" aria-labelledby="sign-title">
      <h2 id="sign-title">Sign a message</h2>
      <label htmlFor="sign-message">Message</label>
      <textarea
        id="sign-message"
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        rows={3}
      />
      <button
        type="button"
        className="demo-button"
        disabled={!isConnected || pending || !message}
        onClick={sign}
      >
        {pending ? 'Waiting for the wallet…' : 'Sign message'}
      </button>
      <output data-testid="sign-result" aria-live="polite">
        {result && 'ok' in result ? (
          <>
            <span className={result.ok.valid ? 'ok' : 'bad'}>
              {result.ok.valid ? 'Signature verified' : 'Invalid signature'}
            </span>
            <code className="mono">{result.ok.signature}</code>
          </>
        ) : result ? (
          <span className="bad">{result.error}</span>
        ) : null}
      </output>
    </section>
  )
}
