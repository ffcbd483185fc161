import type { ThemeState } from '@portico/core'
import type { CSSProperties, ReactNode } from 'react'
import { AddressAvatar } from './components/address-avatar.js'
import { type ConnectButtonState, useConnectButton } from './use-connect-button.js'
import { usePortico } from './use-portico.js'
import { useStore } from './use-store.js'

/** Props of `<ConnectButton>`. */
export interface ConnectButtonProps {
  /** Text while disconnected; defaults to the catalogue's "Connect wallet". */
  label?: string
  /** Show the network-token balance beside the address when connected. */
  showBalance?: boolean
}

const selectTheme = (state: ThemeState) => state

/**
 * The button that opens the modal: "Connect wallet" while disconnected, the account's name or address
 * (and balance) once connected. Honours the theme's `--portico-*` variables like the modal.
 */
function DefaultConnectButton({ label, showBalance = true }: ConnectButtonProps) {
  const portico = usePortico()
  const theme = useStore(portico.theme.store, selectTheme)
  const { status, account, label: statusLabel, intentProps } = useConnectButton()
  return (
    <button
      type="button"
      className="portico-connect-button"
      data-theme={theme.themeMode}
      data-state={status}
      style={theme.themeVariables as CSSProperties}
      aria-haspopup="dialog"
      {...intentProps}
      onClick={() => portico.open()}
    >
      {account ? (
        <>
          <AddressAvatar address={account.address} />
          <span>{account.displayName}</span>
          {showBalance && account.displayBalance ? (
            <span className="portico-balance">{account.displayBalance}</span>
          ) : null}
        </>
      ) : status === 'connecting' || label === undefined ? (
        statusLabel
      ) : (
        label
      )}
    </button>
  )
}

/** Props of `<ConnectButton.Custom>`. */
export interface ConnectButtonCustomProps {
  /** Draws the dApp's own button from the connection state; spread `intentProps` on it. */
  children: (state: ConnectButtonState) => ReactNode
}

/**
 * A connect button of the dApp's own design: the render function gets the state and the modal's
 * openers, e.g. `<ConnectButton.Custom>{({ account, openConnectModal }) => …}</ConnectButton.Custom>`.
 */
function ConnectButtonCustom({ children }: ConnectButtonCustomProps) {
  return <>{children(useConnectButton())}</>
}

/**
 * The button that opens the modal: "Connect wallet" while disconnected, the account's name or address
 * (and balance) once connected. `ConnectButton.Custom` takes a render function for a button of the
 * dApp's own design. Both honour the theme's `--portico-*` variables.
 *
 * @example
 * ```tsx
 * <ConnectButton label="Sign in" showBalance={false} />
 *
 * <ConnectButton.Custom>
 *   {({ account, label, openConnectModal, openAccountModal, intentProps }) => (
 *     <button {...intentProps} onClick={account ? openAccountModal : openConnectModal}>
 *       {account?.displayName ?? label}
 *     </button>
 *   )}
 * </ConnectButton.Custom>
 * ```
 */
export const ConnectButton = Object.assign(DefaultConnectButton, { Custom: ConnectButtonCustom })
