import { type ConnectionState, errorMessage } from '@portico/core'
import {
  type ConnectorsState,
  currentRouteData,
  findConnector,
  type RouterState,
} from '@portico/core/internal'
import { browserWalletIcon } from '../../modal/icons.js'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { walletListViewMessages } from './view-messages.js'

const { t } = walletListViewMessages

const selectConnection = (state: ConnectionState) => state
const selectConnectors = (state: ConnectorsState) => state.connectors
const selectConnectorId = (state: RouterState) => currentRouteData(state, 'ConnectingWallet')?.connectorId

/** Waits for the visitor to answer in their wallet; on failure says why and offers a retry. */
export default function ConnectingWalletView() {
  const portico = usePortico()
  const { status, error } = useStore(portico.connection.store, selectConnection)
  const connectorId = useStore(portico.router.store, selectConnectorId)
  const connectors = useStore(portico.connectors, selectConnectors)
  const connector = findConnector(connectors, connectorId)
  const name = connector?.name ?? t('browserWallet')
  const failed = status !== 'connecting' && error !== undefined

  return (
    <div className="center" aria-live="polite">
      <img
        className="wallet-icon"
        src={connector?.imageUrl ?? browserWalletIcon}
        alt=""
        width={56}
        height={56}
      />
      {failed ? (
        <>
          <h3>{error.code === 'USER_REJECTED' ? t('connectionDeclined') : t('connectionFailed')}</h3>
          <p>
            {error.code === 'USER_REJECTED'
              ? t('connectionDeclinedBody')
              : errorMessage(error, { wallet: name })}
          </p>
          <div className="stack">
            <button
              type="button"
              className="primary"
              onClick={() => connectorId && portico.connect(connectorId).catch(() => {})}
            >
              {t('tryAgain')}
            </button>
          </div>
        </>
      ) : (
        <>
          <div className="spinner" role="progressbar" aria-label={t('connecting')} />
          <h3>{t('continueInWallet', { wallet: name })}</h3>
          <p>{t('continueInWalletBody')}</p>
          <div className="stack">
            <button type="button" className="secondary" onClick={portico.router.goBack}>
              {t('cancel')}
            </button>
          </div>
        </>
      )}
    </div>
  )
}
