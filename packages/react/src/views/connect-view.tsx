import { type ConnectorsState, t } from '@portico/core'
import { browserWalletIcon } from '../modal/icons.js'
import { usePortico } from '../use-portico.js'
import { useStore } from '../use-store.js'

const selectConnectors = (state: ConnectorsState) => state.connectors

export default function ConnectView() {
  const portico = usePortico()
  const connectors = useStore(portico.connectors, selectConnectors)

  if (connectors.length === 0) {
    return (
      <div className="center">
        <h3>{t('noWalletsTitle')}</h3>
        <p>{t('noWalletsBody')}</p>
      </div>
    )
  }
  return (
    <ul className="list" aria-label={t('connectTitle')}>
      {connectors.map((connector) => (
        <li key={connector.id}>
          <button
            type="button"
            className="row"
            data-connector-id={connector.id}
            onClick={() => void portico.connect(connector.id)}
          >
            <img src={connector.imageUrl ?? browserWalletIcon} alt="" width={36} height={36} />
            <span className="name">{connector.name}</span>
            {connector.installed ? <span className="tag">{t('installed')}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  )
}
