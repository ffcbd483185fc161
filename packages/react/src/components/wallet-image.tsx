import { useState } from 'react'

/**
 * A wallet's image, loaded lazily from its cacheable URL over a placeholder with the wallet's initial,
 * so a slow or missing image never leaves a hole.
 */
export function WalletImage({
  src,
  name,
  size = 36,
}: {
  src: string | undefined
  name: string
  size?: number
}) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading')
  return (
    <span className="wallet-image" style={{ width: size, height: size }} aria-hidden="true">
      {state !== 'loaded' ? <span className="wallet-image-placeholder">{name.slice(0, 1)}</span> : null}
      {src && state !== 'failed' ? (
        <img
          src={src}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          data-state={state}
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
        />
      ) : null}
    </span>
  )
}
