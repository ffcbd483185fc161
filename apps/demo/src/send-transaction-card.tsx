import { isEvmAddress } from '@portico/core'
import { useAccount, useNetwork, usePortico } from '@portico/react'
import { isSolanaAccountAddress } from '@portico/solana'
import { useState } from 'react'
import { useWalletAction } from './use-wallet-action.js'

// The second dev account of the standard test mnemonic: a safe local recipient.
const defaultRecipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

export function SendTransactionCard() {
  const portico = usePortico()
  const { isConnected } = useAccount()
  const { network } = useNetwork()
  // On a Solana cluster the recipient is a base58 address and the amount is in SOL (9 decimals).
  const solana = network?.namespace === 'solana'
  const decimals = network?.nativeCurrency.decimals ?? 18
  const [to, setTo] = useState(defaultRecipient)
  const [amount, setAmount] = useState('0.01')
  const { pending, result, run } = useWalletAction<string>()
  const amountValid = new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`).test(amount) && Number(amount) > 0
  const toValid = solana ? isSolanaAccountAddress(to) : isEvmAddress(to)

  const send = () =>
    run(async () => {
      const { parseUnits } = await import('viem')
      return portico.sendTransaction({ to, value: parseUnits(amount, decimals) })
    })

  return (
    <section className="card" aria-labelledby="send-title">
      <h2 id="send-title">Send a transaction</h2>
      <label htmlFor="send-to">Recipient</label>
      <input
        id="send-to"
        className="mono"
        value={to}
        aria-invalid={!toValid}
        onChange={(event) => setTo(event.target.value.trim())}
      />
      <label htmlFor="send-amount">Amount (native token)</label>
      <input
        id="send-amount"
        inputMode="decimal"
        value={amount}
        aria-invalid={!amountValid}
        onChange={(event) => setAmount(event.target.value.trim())}
      />
      <button
        type="button"
        className="demo-button"
        disabled={!isConnected || pending || !amountValid || !toValid}
        onClick={send}
      >
        {pending ? 'Waiting for the wallet…' : 'Send'}
      </button>
      <output data-testid="send-result" aria-live="polite">
        {result && 'ok' in result ? (
          <>
            <span className="ok">Transaction sent</span>
            <code className="mono">{result.ok}</code>
          </>
        ) : result ? (
          <span className="bad">{result.error}</span>
        ) : null}
      </output>
    </section>
  )
}
