import type { FrameSocialProvider, SocialOption } from '@portico/core'
import { usePortico } from '../../use-portico.js'
import { authMessages } from './messages.js'

const { t } = authMessages

// Brand colours on a letter mark: recognisable without shipping six logos in the Connect view.
const marks: Record<SocialOption, { color: string; letter: string }> = {
  google: { color: '#4285f4', letter: 'G' },
  github: { color: '#24292f', letter: 'GH' },
  apple: { color: '#000', letter: 'A' },
  facebook: { color: '#1877f2', letter: 'f' },
  x: { color: '#000', letter: '𝕏' },
  discord: { color: '#5865f2', letter: 'D' },
  farcaster: { color: '#855dcd', letter: 'FC' },
}

/** One button per configured social account; each opens its sign-in window from the click itself. */
export function SocialButtons({ socials }: { socials: readonly SocialOption[] }) {
  const portico = usePortico()
  if (socials.length === 0) return null
  return (
    <ul className="socials" aria-label={t('socialLogins')}>
      {socials.map((provider) => (
        <li key={provider}>
          <button
            type="button"
            className="social"
            data-social={provider}
            aria-label={t('continueWith', { provider: t(provider) })}
            title={t('continueWith', { provider: t(provider) })}
            onClick={() =>
              provider === 'farcaster'
                ? void portico.auth.startFarcaster()
                : portico.auth.startSocial(provider as FrameSocialProvider)
            }
          >
            <span className="social-mark" style={{ background: marks[provider].color }} aria-hidden="true">
              {marks[provider].letter}
            </span>
          </button>
        </li>
      ))}
    </ul>
  )
}
