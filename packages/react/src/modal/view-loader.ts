import type { Portico, PorticoConfig, ViewName } from '@portico/core'
import { type ComponentType, createElement, Fragment, use } from 'react'
import type { FeatureView, ViewModule } from '../features/define-feature.js'
import { features } from '../features/features.js'

const views = new Map<ViewName, FeatureView>()
const enabledBy = new Map<ViewName, (config: PorticoConfig) => boolean>()
for (const feature of features) {
  for (const [name, view] of Object.entries(feature.views) as [ViewName, FeatureView][]) {
    const other = views.get(name)
    if (other) throw new Error(`The view ${name} is declared by both ${other.feature} and ${feature.id}`)
    views.set(name, view)
    enabledBy.set(name, feature.enabled)
  }
}

// One chunk per view. Rendering a loaded view is synchronous (unlike React.lazy, which suspends
// once even when its module is already here), so a preloaded view shows in the click's first frame.
const loaded = new Map<ViewName, ComponentType>()
const pending = new Map<ViewName, Promise<ComponentType>>()
const prefetchers = new Map<ViewName, NonNullable<ViewModule['prefetch']>>()

/** Whether a feature declares the view and, given the app's config, is turned on. */
export function hasView(name: ViewName, config?: PorticoConfig): boolean {
  const enabled = enabledBy.get(name)
  return enabled !== undefined && (config === undefined || enabled(config))
}

/** The modal header's title for the view: its own (a wallet's name), else from its feature's catalogue. */
export function viewTitle(name: ViewName, portico?: Portico): string | undefined {
  return views.get(name)?.title(portico)
}

export function loadView(name: ViewName): Promise<ComponentType> {
  const cached = loaded.get(name)
  if (cached) return Promise.resolve(cached)
  let promise = pending.get(name)
  if (!promise) {
    const view = views.get(name)
    if (!view) return Promise.reject(new Error(`No view named ${name}`))
    promise = view.load().then((module) => {
      if (module.prefetch) prefetchers.set(name, module.prefetch)
      const component = withStyles(module)
      loaded.set(name, component)
      return component
    })
    pending.set(name, promise)
    // A failed chunk load may succeed on the next attempt.
    promise.catch(() => pending.delete(name))
  }
  return promise
}

/** Loads the view's chunk and starts the data it shows (the visitor is about to open it). */
export function prefetchView(name: ViewName, portico: Portico): void {
  loadView(name)
    .then(() => prefetchers.get(name)?.(portico))
    // The view itself loads again, and says what failed, when it opens.
    .catch(() => {})
}

/** The view's component, rendering the CSS its module brings (`styles`) in front of it. */
function withStyles({ default: View, styles }: ViewModule): ComponentType {
  if (!styles) return View
  return () => createElement(Fragment, null, createElement('style', null, styles), createElement(View))
}

/** Returns the view component, suspending only while its chunk is still loading. */
export function useView(name: ViewName): ComponentType {
  return loaded.get(name) ?? use(loadView(name))
}
