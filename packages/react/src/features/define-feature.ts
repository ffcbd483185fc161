import type { ChainId, Portico, PorticoConfig, ViewName } from '@portico/core'
import type { Catalogue, MessageEntries } from '@portico/core/internal'
import type { ComponentType } from 'react'

/**
 * A view's chunk: its component is the default export; `styles`, the CSS of the feature's views, is
 * rendered with it (so a feature's CSS loads with its views, not with the modal). `prefetch` starts the
 * data the view shows, on the visitor's intent to open it, so the view opens with it instead of a skeleton.
 */
export type ViewModule = { default: ComponentType; styles?: string; prefetch?: (portico: Portico) => void }

/** The ids of a catalogue's plain (not counted) messages. */
type TextId<M extends MessageEntries> = Parameters<Catalogue<M>['t']>[0]

export interface ViewDeclaration<M extends MessageEntries> {
  /** The modal header's title while the view shows: an id of the feature's catalogue. */
  title: TextId<M>
  /** A title from what the view shows (the wallet it is about), when there is one; else `title`. */
  titleFor?: (portico: Portico) => string | undefined
  /** Fetches the view's chunk; it loads when the view opens, or on the intent to open it. */
  load: () => Promise<ViewModule>
}

/** A row the Account view shows for a feature, leading to one of its views. */
export interface AccountRowDeclaration<M extends MessageEntries, V extends ViewName> {
  view: V
  label: TextId<M>
  /** Whether the row shows for this account; default: always. */
  visible?: (account: AccountRowContext) => boolean
}

export interface AccountRowContext {
  /** Signed in with e-mail or a social account (the Portico wallet), not a wallet of the visitor's. */
  embedded: boolean
  /** Signed in with an e-mail address (not a social account): the account has an address to change. */
  emailSignIn: boolean
  /** The connected network's chain id (rows offered on some networks only). */
  chainId: ChainId | undefined
  /** The account has a name (the chain API's identity of its address, or one it just registered). */
  named?: boolean
}

export interface FeatureDeclaration<M extends MessageEntries, V extends ViewName> {
  /** Stable id: names the feature in logs and its message catalogue. */
  id: string
  /** Whether the app's config turns the feature on; default: always on. Its views show only then. */
  enabled?: (config: PorticoConfig) => boolean
  /** The feature's messages; its views and titles read them by id. */
  messages: Catalogue<M>
  /** Its views by registered name (see ViewRegistry): title and lazy component. */
  views: { readonly [Name in V]: ViewDeclaration<M> }
  accountRows?: readonly AccountRowDeclaration<M, ViewName>[]
  /** CSS for the feature's own classes, added to the modal's shadow root while the feature is on. */
  styles?: string
  /**
   * What the feature shows at the top of the Connect view (above the wallet list, with a divider),
   * e.g. a sign-in form. It comes with the modal, not lazily: the Connect view paints with it at once.
   */
  connectSection?: ComponentType
}

/** A view as the modal sees it, whatever feature declared it. */
export interface FeatureView {
  feature: string
  title(portico?: Portico): string
  load(): Promise<ViewModule>
}

export interface AccountRow {
  view: ViewName
  label(): string
  visible(account: AccountRowContext): boolean
}

/** A feature as the modal sees it: its message catalogue's type is settled into `title` and `label`. */
export interface Feature<V extends ViewName = never> {
  id: string
  enabled(config: PorticoConfig): boolean
  views: { readonly [Name in V]: FeatureView } & { readonly [Name in ViewName]?: FeatureView }
  accountRows: readonly AccountRow[]
  styles: string
  connectSection: ComponentType | undefined
}

/**
 * Declares a feature: its views (by names it registers in `ViewRegistry`), its messages, its config
 * switch and the rows it adds to the Account view. Nothing of it runs until the modal loads; a view's
 * own code loads only when the view opens.
 */
export function defineFeature<const M extends MessageEntries, const V extends ViewName>(
  declaration: FeatureDeclaration<M, V>,
): Feature<V> {
  const { id, messages } = declaration
  const views: Partial<Record<V, FeatureView>> = {}
  for (const [name, view] of Object.entries(declaration.views) as [V, ViewDeclaration<M>][])
    views[name] = {
      feature: id,
      title: (portico) => (portico && view.titleFor?.(portico)) || messages.t(view.title),
      load: view.load,
    }
  return {
    id,
    views: views as Feature<V>['views'],
    enabled: declaration.enabled ?? (() => true),
    accountRows: (declaration.accountRows ?? []).map((row) => ({
      view: row.view,
      label: () => messages.t(row.label),
      visible: row.visible ?? (() => true),
    })),
    styles: declaration.styles ?? '',
    connectSection: declaration.connectSection,
  }
}
