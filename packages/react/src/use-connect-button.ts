import { type Balance, type ChainId, type ConnectionStatus, shortenAddress } from '@portico/core'
import { buttonText, buttonTranslation } from '@portico/core/internal'
import { useSyncExternalStore } from 'react'
import { useIntentHandlers } from './prefetch.js'
import { type UseAccountAddress, type UseAccountResult, useAccount } from './use-account.js'
import { useNetwork } from './use-network.js'
import { usePortico } from './use-portico.js'

/** What `ConnectButton.Custom` hands its render function: enough to draw any connect button. */
export interface ConnectButtonState {
  /** The connection's status, as `useAccount().status`. */
  status: ConnectionStatus
  /**
   * The connected (or reconnecting) account; undefined otherwise. Its `address` is typed by `namespace`
   * as `useAccount()`'s: a `` `0x${string}` `` once `namespace === 'eip155'` is checked.
   */
  account:
    | (Exclude<UseAccountAddress, { namespace: undefined }> & {
        /** The account's name (`alice.wcn.id`) or its shortened address. */
        displayName: string
        /** The network token's balance with the locale's digit grouping and its symbol, e.g. `1,234.5 ETH`. */
        displayBalance: string | undefined
        /** The network token's balance in base units, as `useAccount().balance`. */
        balance: Balance | undefined
      })
    | undefined
  /** The wallet's network when connected, else the dApp's default network. */
  chain: {
    /** The chain id. */
    id: ChainId
    /** The network's name, e.g. `Base`; undefined for a chain outside the config's `networks`. */
    name: string | undefined
    /** Whether the wallet is on a chain outside the config's `networks`. */
    unsupported: boolean
  }
  /** The catalogue's text for the disconnected and connecting states ("Connect wallet", "Connecting…"). */
  label: string
  /** Opens the modal on Connect (the wallet list, e-mail and socials). */
  openConnectModal(): void
  /** Opens the modal on Account (balance, send, activity, disconnect). */
  openAccountModal(): void
  /** Opens the modal on the network list. */
  openChainModal(): void
  /**
   * Spread on your button: when the visitor points at, focuses or presses it, the modal is fetched, so
   * the click opens it at once (as Portico's own buttons do).
   */
  intentProps: ReturnType<typeof useIntentHandlers>
}

/** `useAccount()`'s address and namespace while an account is there. */
type ConnectedAddress = Exclude<UseAccountAddress, { namespace: undefined }>

/** The address and its namespace alone (not the rest of useAccount's result), while there is one. */
function connectedAddress(account: UseAccountResult): ConnectedAddress | undefined {
  if (account.namespace === 'eip155') return { namespace: 'eip155', address: account.address }
  if (account.namespace === 'solana') return { namespace: 'solana', address: account.address }
  return undefined
}

/**
 * The balance with the locale's grouping (`10,000` in en, `10.000` in de), as the modal writes it.
 * Not core's formatAmount: that would bring the modal's i18n module into the first paint. The
 * balance is already truncated; Intl reads the string exactly and truncates, never rounding up.
 */
function groupDigits(balance: string, locale: string | undefined): string {
  try {
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 20, roundingMode: 'trunc' }).format(
      balance as Intl.StringNumericLiteral,
    )
  } catch {
    return balance
  }
}

/** The server's render and hydration in the browser number the balance in the fallback locale. */
const FALLBACK_LOCALE = 'en-US'
const noSubscription = () => () => {}
const isFalse = () => false
const isTrue = () => true

/** The state behind `ConnectButton` and `ConnectButton.Custom`. */
export function useConnectButton(): ConnectButtonState {
  const portico = usePortico()
  const intentProps = useIntentHandlers(portico, () =>
    portico.connection.isConnected() ? 'Account' : 'Connect',
  )
  const account = useAccount()
  const { status, formattedBalance, balance, profileName } = account
  const { network, chainId, isSupported } = useNetwork()
  useSyncExternalStore(buttonTranslation.subscribe, buttonTranslation.get, buttonTranslation.get)
  const owner = status === 'connected' || status === 'reconnecting' ? connectedAddress(account) : undefined
  // Without a configured locale the balance takes the browser's grouping, but not while hydrating: the
  // server rendered with en-US (it knows no visitor's language), and the HTML must match it.
  const hydrating = useSyncExternalStore(noSubscription, isFalse, isTrue)
  const locale = portico.config.locale ?? (hydrating ? FALLBACK_LOCALE : undefined)
  return {
    status,
    account: owner
      ? {
          ...owner,
          displayName: profileName ?? shortenAddress(owner.address),
          displayBalance:
            formattedBalance !== undefined && balance && isSupported
              ? `${groupDigits(formattedBalance, locale)} ${balance.symbol}`
              : undefined,
          balance,
        }
      : undefined,
    chain: { id: chainId, name: network?.name, unsupported: !isSupported },
    label: buttonText(status === 'connecting' ? 'connecting' : 'connectWallet'),
    openConnectModal: () => portico.open({ view: 'Connect' }),
    openAccountModal: () => portico.open({ view: 'Account' }),
    openChainModal: () => portico.open({ view: 'Networks' }),
    intentProps,
  }
}
