import { useAccount, useModal, useNetwork } from '@portico/react'

/** The balance as the page's language groups digits (`10,000`), as the modal shows it. */
const grouped = (amount: string) =>
  new Intl.NumberFormat(undefined, { maximumFractionDigits: 20, roundingMode: 'trunc' }).format(
    amount as Intl.StringNumericLiteral,
  )

export function AccountCard() {
  const { status, address, formattedBalance, balance } = useAccount()
  const { network, isSupported, chainId } = useNetwork()
  const { open } = useModal()
  return (
    <section className="card" aria-labelledby="account-title">
      <h2 id="account-title">Account</h2>
      <dl>
        <dt>Status</dt>
        <dd data-testid="demo-status">{status}</dd>
        <dt>Address</dt>
        <dd data-testid="demo-address" className="mono">
          {address ?? '—'}
        </dd>
        <dt>Balance</dt>
        <dd data-testid="demo-balance">
          {balance && formattedBalance ? `${grouped(formattedBalance)} ${balance.symbol}` : '—'}
        </dd>
        <dt>Network</dt>
        <dd data-testid="demo-network">
          {network ? `${network.name} (${chainId})` : isSupported ? '—' : `Unsupported (${chainId})`}
        </dd>
      </dl>
      {address && network?.namespace === 'eip155' ? (
        // The modal opened straight on a feature's view: the on-ramp (EVM chains only, as in the modal).
        <button type="button" className="demo-button" onClick={() => open({ view: 'OnRampProviders' })}>
          Buy crypto
        </button>
      ) : null}
    </section>
  )
}
