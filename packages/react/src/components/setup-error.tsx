import type { PorticoConfig } from '@portico/core'
import { useEffect, useState } from 'react'
import { usePortico } from '../use-portico.js'
import { isReachable } from './service-reachable.js'
import { setupErrorMessages } from './setup-error-messages.js'

/** The config setting that points at each Portico service. */
const SETTINGS = {
  chainApi: 'chainApiUrl',
  relay: 'relayUrl',
} as const satisfies Record<string, keyof PorticoConfig>

/** A Portico service a view reads from: the chain API or the WalletConnect relay. */
export type SetupService = keyof typeof SETTINGS

/**
 * After a request to `service` failed: asks whether it answers at all, and if not, names its URL and
 * the setting to change. A service that answers (an error status, a slow moment) shows nothing here:
 * the view's own message covers it.
 */
export default function SetupError({ service }: { service: SetupService }) {
  // usePortico, not a prop: this chunk then shares the buttons' React chunk instead of splitting it.
  const portico = usePortico()
  const setting = SETTINGS[service]
  const url = portico.config[setting]
  const [unreachable, setUnreachable] = useState(false)
  useEffect(() => {
    let active = true
    void isReachable(url).then((reachable) => {
      if (active) setUnreachable(!reachable)
    })
    return () => {
      active = false
    }
  }, [url])
  if (!unreachable) return null
  return (
    <p className="notice setup-error" role="alert" data-setting={setting}>
      {setupErrorMessages.t(service, { url })}
    </p>
  )
}
