import type { PorticoConfig } from '@portico/core'
import type { ComponentType } from 'react'
import type { AccountRow, AccountRowContext, Feature } from './define-feature.js'

let registered: readonly Feature[] = []

/** The modal's features (features.ts registers its list when the modal loads). */
export function registerFeatures(features: readonly Feature[]): void {
  registered = features
}

/** The rows the turned-on features add to the Account view. */
export function accountRows(config: PorticoConfig, account: AccountRowContext): AccountRow[] {
  return registered
    .filter((feature: Feature) => feature.enabled(config))
    .flatMap((feature: Feature) => feature.accountRows.filter((row) => row.visible(account)))
}

/** What the turned-on features show at the top of the Connect view. */
export function connectSections(config: PorticoConfig): { feature: string; Section: ComponentType }[] {
  return registered.flatMap((feature: Feature) =>
    feature.enabled(config) && feature.connectSection
      ? [{ feature: feature.id, Section: feature.connectSection }]
      : [],
  )
}
