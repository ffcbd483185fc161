import { t } from '@portico/core'
import { usePortico } from '../use-portico.js'
import { NetworkList } from './network-list.js'

export default function UnsupportedChainView() {
  const portico = usePortico()
  return (
    <>
      <p className="center" style={{ padding: '0 8px 8px' }}>
        {t('unsupportedChainBody')}
      </p>
      <NetworkList />
      <button type="button" className="secondary danger" onClick={() => void portico.disconnect()}>
        {t('disconnect')}
      </button>
    </>
  )
}
