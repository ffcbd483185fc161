import { useAccount, useNetwork, usePortico } from '@portico/react'
import { useEffect, useState } from 'react'
import { useWalletAction } from './use-wallet-action.js'

// The second dev account of the standard test mnemonic, on each chain: a safe local recipient.
const defaultRecipients: Readonly<Record<string, string>> = {
  eip155: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  solana: 'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD',
}

export function SendTransactionCard() {
  const portico = usePortico()
  const { isConnected } = useAccount()
  const { network } = useNetwork()
  const namespace = network?.namespace ?? 'eip155'
  const decimals = network?.nativeCurrency.decimals ?? 18
  const [to, setTo] = useState(defaultRecipients.eip155 as string)
  const [amount, setAmount] = useState('0.01')
  const { pending, result, run } = useWalletAction<string>()
  // Another chain's address is no recipient here: the card follows the network to its own default.
  useEffect(() => setTo(defaultRecipients[namespace] ?? ''), [namespace])
  const amountValid = new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`).test(amount) && Number(amount) > 0
  const toValid =
    portico.config.adapters.find((adapter) => adapter.namespace === namespace)?.isAddress(to) ?? false

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
