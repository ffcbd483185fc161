import { usePortico } from '../../use-portico.js'
import { authMessages } from './messages.js'

const { t } = authMessages

/** The dApp asked the embedded wallet for a method outside the allowed list. */
export default function ActionNotAllowedView() {
  const portico = usePortico()
  return (
    <div className="center" role="alert">
      <div className="error-mark" aria-hidden="true">
        !
      </div>
      <h3>{t('actionNotAllowed')}</h3>
      <p>{t('actionNotAllowedBody')}</p>
      <div className="stack">
        <button type="button" className="secondary" onClick={() => portico.close()}>
          {t('close')}
        </button>
      </div>
    </div>
  )
}
