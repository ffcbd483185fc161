import { buttonText, formatAmount, shortenAddress, type ThemeState } from '@portico/core'
import { AddressAvatar } from './components/address-avatar.js'
import { useIntentHandlers } from './prefetch.js'
import { useAccount } from './use-account.js'
import { useNetwork } from './use-network.js'
import { usePortico } from './use-portico.js'
import { useStore } from './use-store.js'

export interface ConnectButtonProps {
  /** Text while disconnected; defaults to the catalogue's "Connect wallet". */
  label?: string
  /** Show the network-token balance beside the address when connected. */
  showBalance?: boolean
}

const selectThemeMode = (state: ThemeState) => state.themeMode

export function ConnectButton({ label, showBalance = true }: ConnectButtonProps) {
  const portico = usePortico()
  const intent = useIntentHandlers(portico, () => (portico.connection.isConnected() ? 'Account' : 'Connect'))
  const themeMode = useStore(portico.theme.store, selectThemeMode)
  const { status, address, formattedBalance, balance, profileName } = useAccount()
  const { isSupported } = useNetwork()
  const showAccount = (status === 'connected' || status === 'reconnecting') && address

  return (
    <button
      type="button"
      className="portico-connect-button"
      data-theme={themeMode}
      data-state={status}
      aria-haspopup="dialog"
      {...intent}
      onClick={() => portico.open()}
    >
      {showAccount ? (
        <>
          <AddressAvatar address={address} />
          <span>{profileName ?? shortenAddress(address)}</span>
          {showBalance && formattedBalance !== undefined && balance && isSupported ? (
            <span className="portico-balance">
              {formatAmount(formattedBalance)} {balance.symbol}
            </span>
          ) : null}
        </>
      ) : status === 'connecting' ? (
        buttonText('connecting')
      ) : (
        (label ?? buttonText('connectWallet'))
      )}
    </button>
  )
}
