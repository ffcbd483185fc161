import { assetImageUrl, type FrameSocialProvider, type SocialOption } from '@portico/core/internal'
import { useRef, useState } from 'react'
import { usePortico } from '../../use-portico.js'
import { MoreIcon } from './auth-icons.js'
import { authMessages } from './messages.js'

const { t } = authMessages

// Each provider's logo comes from the explorer (its brand colour behind it while it loads); the letter
// shows only when the logo cannot load. The logos are preloaded with the modal, so they do not flash.
const marks: Record<SocialOption, { color: string; letter: string }> = {
  google: { color: '#4285f4', letter: 'G' },
  github: { color: '#24292f', letter: 'GH' },
  apple: { color: '#000', letter: 'A' },
  facebook: { color: '#1877f2', letter: 'f' },
  x: { color: '#000', letter: '𝕏' },
  discord: { color: '#5865f2', letter: 'D' },
  farcaster: { color: '#855dcd', letter: 'FC' },
}

/** Icons one row holds beside the wide first button; more than that and the last slot is "more". */
const ROW_SLOTS = 5

function SocialMark({ provider }: { provider: SocialOption }) {
  const { explorerUrl } = usePortico().config
  const [failed, setFailed] = useState(false)
  return (
    <span className="social-mark" style={{ background: marks[provider].color }} aria-hidden="true">
      {failed ? (
        marks[provider].letter
      ) : (
        <img
          src={assetImageUrl(explorerUrl, provider)}
          alt=""
          width={24}
          height={24}
          onError={() => setFailed(true)}
        />
      )}
    </span>
  )
}

/**
 * The configured social accounts, each opening its sign-in window from the click itself: the first as
 * a wide button with its name, the others as icons in one row. When they do not fit the row, its last
 * slot is "more", which shows the rest in their place (the view keeps its height).
 */
export function SocialButtons({ socials }: { socials: readonly SocialOption[] }) {
  const portico = usePortico()
  const [expanded, setExpanded] = useState(false)
  const row = useRef<HTMLUListElement>(null)
  const [first, ...rest] = socials
  if (!first) return null
  const overflow = !expanded && rest.length > ROW_SLOTS
  const icons = overflow ? rest.slice(0, ROW_SLOTS - 1) : rest
  const start = (provider: SocialOption) =>
    provider === 'farcaster'
      ? void portico.auth.startFarcaster()
      : portico.auth.startSocial(provider as FrameSocialProvider)
  const name = (provider: SocialOption) => t('continueWith', { provider: t(provider) })

  return (
    <div className="socials">
      <button type="button" className="social wide" data-social={first} onClick={() => start(first)}>
        <SocialMark provider={first} />
        <span>{name(first)}</span>
      </button>
      {icons.length > 0 ? (
        <ul ref={row} className="social-row" aria-label={t('socialLogins')}>
          {icons.map((provider) => (
            <li key={provider}>
              <button
                type="button"
                className="social"
                data-social={provider}
                aria-label={name(provider)}
                title={name(provider)}
                onClick={() => start(provider)}
              >
                <SocialMark provider={provider} />
              </button>
            </li>
          ))}
          {overflow ? (
            <li>
              <button
                type="button"
                className="social"
                aria-label={t('moreSocials')}
                title={t('moreSocials')}
                aria-expanded={false}
                onClick={() => {
                  setExpanded(true)
                  // Focus goes to the first provider the click revealed, where "more" was.
                  requestAnimationFrame(() => row.current?.querySelectorAll('button')[ROW_SLOTS - 1]?.focus())
                }}
              >
                <MoreIcon />
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  )
}
