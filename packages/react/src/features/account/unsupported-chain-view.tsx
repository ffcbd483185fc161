import { usePortico } from '../../use-portico.js'
import { NetworkList } from './network-list.js'
import { accountViewMessages } from './view-messages.js'

const { t } = accountViewMessages

export default function UnsupportedChainView() {
  const portico = usePortico()
  return (
    <>
      <p className="center" style={{ paddingBlock: '0 8px', paddingInline: 8 }}>
        {t('unsupportedChainBody')}
      </p>
      <NetworkList />
      <button type="button" className="secondary danger" onClick={() => void portico.disconnect()}>
        {t('disconnect')}
      </button>
    </>
  )
}
