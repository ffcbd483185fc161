import {
  AUTH_CONNECTOR_ID,
  blockExplorerUrl,
  type ConnectionState,
  formatAmount,
  shortenAddress,
} from '@portico/core'
import { type AuthState, blockExplorerLink } from '@portico/core/internal'
import { type CSSProperties, useState } from 'react'
import { AddressAvatar } from '../../components/address-avatar.js'
import { NetworkDot } from '../../components/network-dot.js'
import { CopyIcon } from '../../modal/icons.js'
import { useAccount } from '../../use-account.js'
import { useNetwork } from '../../use-network.js'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { accountRows } from '../feature-registry.js'
import { accountStyles } from './account-styles.js'
import { AccountTypeSwitch } from './account-type-switch.js'
import { ActionIcon } from './action-icons.js'
import { PermissionsPanel, PermissionsPill } from './permissions-pill.js'
import { SmartAccountPill } from './smart-account-pill.js'
import { TokenList } from './token-list.js'
import { accountViewMessages } from './view-messages.js'

const { t } = accountViewMessages

export const styles = accountStyles

const selectConnectorId = (state: ConnectionState) => state.connection?.connectorId
const selectUser = (state: AuthState) => state.user

export default function AccountView() {
  const portico = usePortico()
  const embedded = useStore(portico.connection.store, selectConnectorId) === AUTH_CONNECTOR_ID
  const user = useStore(portico.auth.store, selectUser)
  const { address, formattedBalance, balance, balanceStatus, profileName, profileImage } = useAccount()
  const { network } = useNetwork()
  const [permissionsOpen, setPermissionsOpen] = useState(false)
  // None for a chain without one (the devnet's): no link that leads nowhere.
  const explorer = network ? blockExplorerUrl(portico.config, network) : undefined
  const actions = accountRows(portico.config, {
    embedded,
    emailSignIn: embedded && !!user?.email && !user.socialProvider,
    chainId: network?.chainId,
    named: Boolean(profileName),
  })
  if (!address) return null

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      portico.toast.show('success', t('addressCopied'))
    } catch {
      portico.toast.show('error', t('somethingWentWrong'))
    }
  }

  return (
    <>
      <div className="account">
        {profileImage ? (
          <img className="profile-image" src={profileImage} alt="" width={56} height={56} />
        ) : (
          <AddressAvatar address={address} size={56} />
        )}
        <div className="address">
          <span className="ltr" title={address} data-testid="account-address">
            {profileName ?? shortenAddress(address)}
          </span>
          <button type="button" className="icon-button" aria-label={t('copyAddress')} onClick={copy}>
            <CopyIcon />
          </button>
        </div>
        {embedded && user ? (
          <div className="muted" data-testid="account-user">
            {[
              user.email ??
                (user.socialProvider ? t('signedInWith', { provider: t(user.socialProvider) }) : null),
              user.userName && !user.email ? `@${user.userName}` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </div>
        ) : null}
        <div className="balance" data-testid="account-balance">
          <span className="visually-hidden">{t('balanceLabel')} </span>
          {balanceStatus === 'error' ? (
            t('failedToFetchBalance')
          ) : balance && formattedBalance !== undefined ? (
            <bdi className="ltr">{`${formatAmount(formattedBalance)} ${balance.symbol}`}</bdi>
          ) : (
            <span className="skeleton balance-line" />
          )}
        </div>
      </div>
      <div className="account-links">
        <button type="button" className="pill" onClick={() => portico.router.push('Networks')}>
          <NetworkDot network={network} size={20} />
          <span className="visually-hidden">{t('network')} </span>
          {network?.name ?? t('unknownNetwork')}
        </button>
        {explorer ? (
          <a
            className="pill plain"
            href={blockExplorerLink(explorer, 'address', address)}
            target="_blank"
            rel="noreferrer"
          >
            {t('viewOnExplorer')}
          </a>
        ) : null}
        {embedded ? <SmartAccountPill chainId={network?.chainId} /> : null}
        {embedded ? (
          <PermissionsPill open={permissionsOpen} onToggle={() => setPermissionsOpen(!permissionsOpen)} />
        ) : null}
        {embedded ? <AccountTypeSwitch chainId={network?.chainId} /> : null}
      </div>
      {embedded && permissionsOpen ? <PermissionsPanel /> : null}
      {/* The features' actions as rows of buttons (two past four, the second's widened to the edge, so an odd
          count leaves no hole): the view fits unscrolled. */}
      <ul
        className="actions"
        style={
          {
            '--columns': actions.length <= 4 ? actions.length : Math.ceil(actions.length / 2),
          } as CSSProperties
        }
      >
        {actions.map((row) => (
          <li key={row.view}>
            <button
              type="button"
              className="action"
              // The modal loads the view's code once Account shows, and its data on the pointer or focus.
              data-prefetch-view={row.view}
              onClick={() => portico.router.push(row.view)}
            >
              <ActionIcon view={row.view} />
              <TileLabel text={row.label()} />
            </button>
          </li>
        ))}
      </ul>
      <div className="account-tokens">
        <TokenList />
      </div>
      <button type="button" className="secondary danger" onClick={() => void portico.disconnect()}>
        {embedded ? t('signOut') : t('disconnect')}
      </button>
    </>
  )
}

/** A tile's label, wrapping between words only: a narrow tile would break "e-mail" at its hyphen. */
function TileLabel({ text }: { text: string }) {
  return text.split(' ').flatMap((word, index) => [
    index > 0 ? ' ' : '',
    word.includes('-') ? (
      <span key={word} className="word">
        {word}
      </span>
    ) : (
      word
    ),
  ])
}
