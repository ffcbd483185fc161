import type { PorticoConfig, ViewName } from '@portico/core'
import type { ComponentType } from 'react'
import { account } from './account/feature.js'
import { activity } from './activity/feature.js'
import { auth } from './auth/feature.js'
import type { AccountRow, AccountRowContext, Feature } from './define-feature.js'
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

type ViewsOf<F> = F extends Feature<infer V> ? V : never
type DrawnViews = ViewsOf<(typeof features)[number]>

/**
 * Fails to compile, naming the view, when a registered view has no feature that draws it (the core
 * opens some views by name, so each needs one).
 */
export const everyViewDrawn: [Exclude<ViewName, DrawnViews>] extends [never]
  ? true
  : Exclude<ViewName, DrawnViews> = true

/** The rows the turned-on features add to the Account view. */
export function accountRows(config: PorticoConfig, account: AccountRowContext): AccountRow[] {
  return features
    .filter((feature: Feature) => feature.enabled(config))
    .flatMap((feature: Feature) => feature.accountRows.filter((row) => row.visible(account)))
}

/** The CSS of the turned-on features, for the modal's stylesheet. */
export function featureStyles(config: PorticoConfig): string {
  return features
    .filter((feature: Feature) => feature.enabled(config))
    .map((feature: Feature) => feature.styles)
    .join('\n')
}

/** What the turned-on features show at the top of the Connect view. */
export function connectSections(config: PorticoConfig): { feature: string; Section: ComponentType }[] {
  return features.flatMap((feature: Feature) =>
    feature.enabled(config) && feature.connectSection
      ? [{ feature: feature.id, Section: feature.connectSection }]
      : [],
  )
}
