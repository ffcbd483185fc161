import type { PorticoConfig, ViewName } from '@portico/core'
import { account } from './account/feature.js'
import { activity } from './activity/feature.js'
import { auth } from './auth/feature.js'
import type { Feature } from './define-feature.js'
import { registerFeatures } from './feature-registry.js'
import { help } from './help/feature.js'
import { names } from './names/feature.js'
import { onramp } from './onramp/feature.js'
import { pairing } from './pairing/feature.js'
import { send } from './send/feature.js'
import { siwe } from './siwe/feature.js'
import { swap } from './swap/feature.js'
import { walletList } from './wallet-list/feature.js'

/** The modal's features, one line each; the Account view lists their rows in this order. */
export const features = [
  walletList,
  help,
  account,
  onramp,
  swap,
  send,
  activity,
  names,
  pairing,
  auth,
  siwe,
] as const

// The views that list the features' rows and sections read them from the registry, not from this list,
// which imports the views' features: no import circle through the lazily loaded views.
registerFeatures(features)

type ViewsOf<F> = F extends Feature<infer V> ? V : never
type DrawnViews = ViewsOf<(typeof features)[number]>

/**
 * Fails to compile, naming the view, when a registered view has no feature that draws it (the core
 * opens some views by name, so each needs one).
 */
export const everyViewDrawn: [Exclude<ViewName, DrawnViews>] extends [never]
  ? true
  : Exclude<ViewName, DrawnViews> = true

/** The CSS of the turned-on features, for the modal's stylesheet. */
export function featureStyles(config: PorticoConfig): string {
  return features
    .filter((feature: Feature) => feature.enabled(config))
    .map((feature: Feature) => feature.styles)
    .join('\n')
}

export { accountRows, connectSections } from './feature-registry.js'
