import { useAccount, useNetwork, usePortico } from '@portico/react'
import { useState } from 'react'
import { useWalletAction } from './use-wallet-action.js'

/** Whether `signature` (base58, as Solana wallets sign) is `address`'s over `message`; @solana/kit loads here only. */
async function verifySolanaSignature(address: string, message: string, signature: string) {
  const kit = await import('@solana/kit')
  const key = await kit.getPublicKeyFromAddress(kit.address(address))
  const bytes = kit.signatureBytes(kit.getBase58Encoder().encode(signature))
  return kit.verifySignature(key, bytes, new TextEncoder().encode(message))
}

/** Whether `signature` (0x hex) is `address`'s over `message`; viem loads here only. */
async function verifyEvmSignature(address: string, message: string, signature: string) {
  const { verifyMessage } = await import('viem')
  return verifyMessage({
    address: address as `0x${string}`,
    message,
    signature: signature as `0x${string}`,
  })
}

export function SignMessageCard() {
  const portico = usePortico()
  const { isConnected, address } = useAccount()
  const { network } = useNetwork()
  const [message, setMessage] = useState('Hello from the Portico demo')
  const { pending, result, run } = useWalletAction<{ signature: string; valid: boolean }>()

  const sign = () =>
    run(async () => {
      const signature = await portico.signMessage(message)
      // The signature the wallet returned, checked by the active namespace's own rule.
      const verify = network?.namespace === 'solana' ? verifySolanaSignature : verifyEvmSignature
      const valid = await verify(address ?? '', message, signature)
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
