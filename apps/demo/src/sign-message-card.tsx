import { useAccount, usePortico } from '@portico/react'
import { useState } from 'react'

type Result = { signature: string; valid: boolean } | { error: string }

export function SignMessageCard() {
  const portico = usePortico()
  const { isConnected, address } = useAccount()
  const [message, setMessage] = useState('Hello from the Portico demo')
  const [pending, setPending] = useState(false)
  const [result, setResult] = useState<Result>()

  const sign = async () => {
    setPending(true)
    setResult(undefined)
    try {
      const signature = await portico.signMessage(message)
      // viem is loaded only here, to check the signature the wallet returned.
      const { verifyMessage } = await import('viem')
      const valid = await verifyMessage({
        address: address as `0x${string}`,
        message,
        signature: signature as `0x${string}`,
      })
      setResult({ signature, valid })
    } catch (error) {
      setResult({ error: (error as { shortMessage?: string }).shortMessage ?? (error as Error).message })
    } finally {
      setPending(false)
    }
  }

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
        {result && 'signature' in result ? (
          <>
            <span className={result.valid ? 'ok' : 'bad'}>
              {result.valid ? 'Signature verified' : 'Invalid signature'}
            </span>
            <code className="mono">{result.signature}</code>
          </>
        ) : result ? (
          <span className="bad">{result.error}</span>
        ) : null}
      </output>
    </section>
  )
}
