import { usePortico } from '../../use-portico.js'
import { helpStyles } from './help-styles.js'
import { helpViewMessages } from './view-messages.js'

const { t } = helpViewMessages

export const styles = helpStyles

type Topic = 'keys' | 'signIn' | 'assets'

const topics: readonly Topic[] = ['keys', 'signIn', 'assets']

/** A few lines on what a wallet is, for a visitor who has none yet, and the way to get one. */
export default function WhatIsAWalletView() {
  const portico = usePortico()
  const allWallets = portico.config.allWallets !== 'HIDE'
  return (
    <>
      <ul className="help">
        {topics.map((topic) => (
          <li key={topic}>
            <span className="help-icon" aria-hidden="true">
              <TopicIcon topic={topic} />
            </span>
            <div>
              <h3>{t(`${topic}Title`)}</h3>
              <p>{t(`${topic}Body`)}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="stack">
        {allWallets ? (
          <button type="button" className="primary" onClick={() => portico.router.push('AllWallets')}>
            {t('getAWallet')}
          </button>
        ) : null}
        <button type="button" className="secondary" onClick={portico.router.goBack}>
          {t('chooseWallet')}
        </button>
      </div>
    </>
  )
}

function TopicIcon({ topic }: { topic: Topic }) {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {topic === 'keys' ? (
        <>
          <circle cx="8" cy="15" r="4" />
          <path d="M11 12l8-8M16 7l2 2M14 9l2 2" />
        </>
      ) : topic === 'signIn' ? (
        <>
          <rect x="5" y="11" width="14" height="9" rx="2" />
          <path d="M8 11V8a4 4 0 0 1 8 0v3" />
        </>
      ) : (
        <>
          <rect x="3" y="6" width="18" height="13" rx="3" />
          <path d="M16 12.5h2M5 6l10-3 1 3" />
        </>
      )}
    </svg>
  )
}
