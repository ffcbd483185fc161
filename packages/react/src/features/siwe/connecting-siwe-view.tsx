import type { ConnectionState, PorticoConfig } from '@portico/core'
import type { SiweController, SiweState } from '@portico/core/internal'
import { browserWalletIcon } from '../../modal/icons.js'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { siweStyles } from './siwe-styles.js'
import { siweViewMessages } from './view-messages.js'

const { t } = siweViewMessages

const selectConnection = (state: ConnectionState) => state.connection
const selectStatus = (state: SiweState) => state.status

function AppLogo({ metadata }: { metadata: PorticoConfig['metadata'] }) {
  const icon = metadata?.icons?.[0]
  if (icon) return <img src={icon} alt="" width={56} height={56} />
  return (
    <span className="siwe-logo" aria-hidden="true">
      {metadata?.name.slice(0, 1).toUpperCase() ?? '?'}
    </span>
  )
}

/** After connecting: the visitor signs the app's sign-in message, or cancels (which disconnects). */
export default function ConnectingSiweView() {
  const { siwe } = usePortico()
  return siwe ? <SignInStep siwe={siwe} /> : null
}

function SignInStep({ siwe }: { siwe: SiweController }) {
  const portico = usePortico()
  const status = useStore(siwe.store, selectStatus)
  const connection = useStore(portico.connection.store, selectConnection)
  const { metadata } = portico.config
  const wallet = connection?.connectorName ?? t('yourWallet')
  const signing = status === 'signing'
  const failed = status === 'rejected' || status === 'error'

  const heading = failed
    ? t(status === 'rejected' ? 'siweDeclined' : 'siweFailed')
    : metadata?.name
      ? t('siweHeading', { app: metadata.name })
      : t('siweHeadingNoName')
  const body = signing
    ? t('siweSigning', { wallet })
    : status === 'rejected'
      ? t('siweDeclinedBody')
      : status === 'error'
        ? t('siweFailedBody')
        : t('siweBody')

  return (
    <div className="center">
      <style>{siweStyles}</style>
      <div className="siwe-logos">
        <AppLogo metadata={metadata} />
        <img src={connection?.connectorIcon ?? browserWalletIcon} alt="" width={56} height={56} />
      </div>
      <div className="siwe-text" aria-live="polite">
        <h3>{heading}</h3>
        <p>{body}</p>
      </div>
      <div className="siwe-actions">
        <button type="button" className="secondary" onClick={() => void siwe.cancel()}>
          {t('cancel')}
        </button>
        <button
          type="button"
          className="primary"
          disabled={signing}
          aria-busy={signing}
          onClick={() => void siwe.signIn()}
        >
          {signing ? t('signing') : failed ? t('tryAgain') : t('sign')}
        </button>
      </div>
    </div>
  )
}
