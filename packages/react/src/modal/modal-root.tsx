import {
  type LocaleState,
  type ModalState,
  type Portico,
  setLocale,
  type ThemeState,
  type ViewName,
} from '@portico/core'
import {
  addTranslationSource,
  afterFirstFrame,
  localeDirection,
  localeStore,
  type RouterState,
} from '@portico/core/internal'
import { Suspense, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { featureStyles } from '../features/features.js'
import { usePortico } from '../use-portico.js'
import { useStore } from '../use-store.js'
import { BackIcon, CloseIcon, HelpIcon } from './icons.js'
import { modalMessages } from './modal-messages.js'
import { modalStyles } from './modal-styles.js'
import { ToastRegion } from './toast-region.js'
import { getFocusable, useFocusTrap } from './use-focus-trap.js'
import { useScrollLock } from './use-scroll-lock.js'
import { hasView, loadView, prefetchView, useView, viewTitle } from './view-loader.js'

// This package's text in other languages: a table of locale chunks, itself loaded only for a translated locale.
addTranslationSource((locale) =>
  import('../locales/react-translation.js').then(({ reactTranslation }) => reactTranslation(locale)),
)

/** Loads the view an open shows, on the visitor's intent, so the click never waits on its chunk. */
export function preloadView(name: ViewName): Promise<unknown> {
  return hasView(name) ? loadView(name) : Promise.resolve()
}

/** Loads the views the next steps after an open need, so they never wait on a chunk. */
export function preloadViews(): Promise<unknown> {
  return Promise.all((['Connect', 'Account', 'ConnectingWallet', 'Networks'] as const).map(loadView))
}

/** After the view's own first paint and requests, not competing with them. */
const LINKED_VIEWS_DELAY_MS = 150

/** The visitor points at or focuses a link to another view: its code and data start loading. */
function prefetchIntended(target: EventTarget, portico: Portico): void {
  const view = (target as Element).closest?.('[data-prefetch-view]')?.getAttribute('data-prefetch-view')
  if (view && hasView(view as ViewName)) prefetchView(view as ViewName, portico)
}

const selectTheme = (state: ThemeState) => state
const selectModal = (state: ModalState) => state
const selectHistory = (state: RouterState) => state.history
/** Changes when the locale switches or a translation arrives: the view re-renders in the new text. */
const selectLanguage = (state: LocaleState) => `${state.locale ?? ''}:${state.revision}`

/** The modal's host: a custom element on <body> whose shadow root holds the dialog and toasts. */
export default function ModalRoot() {
  const portico = usePortico()
  const theme = useStore(portico.theme.store, selectTheme)
  // The config's locale (else the browser's) before the first render, so every text and number of
  // the modal follows it; a translation that arrives later re-renders the dialog.
  // A locale the page chose at run time (setLocale) before the modal loaded stays.
  useState(() => {
    void setLocale(localeStore.getState().locale ?? portico.config.locale).catch((error: unknown) =>
      console.warn(error),
    )
    // The page's buttons follow the modal's language, also when the dApp switches it later. Their
    // translation's code is requested once the modal has painted: a cold open renders first.
    afterFirstFrame(() => {
      void import('@portico/core/internal/i18n/button-translation')
        .then((module) => module.translateButtons(portico.config.locale))
        .catch(() => {})
    })
  })
  const [host, setHost] = useState<{ element: HTMLElement; root: ShadowRoot } | null>(null)

  useLayoutEffect(() => {
    const element = document.createElement('portico-modal')
    document.body.append(element)
    setHost({ element, root: element.attachShadow({ mode: 'open' }) })
    return () => element.remove()
  }, [])

  useLayoutEffect(() => {
    if (!host) return
    host.element.dataset.theme = theme.themeMode
    for (const [name, value] of Object.entries(theme.themeVariables))
      host.element.style.setProperty(name, value)
  }, [host, theme])

  if (!host) return null
  return createPortal(
    <>
      <style>{modalStyles + featureStyles(portico.config)}</style>
      <Dialog />
      {/* After the dialog: where CSS anchoring is supported, toasts sit just above the dialog, near what
          they are about; where there is no room there, inside its bottom edge, never over Back, Close or
          the view's first field (the e-mail a sign-in toast asks for). Without
          a dialog (or anchoring), at the top of the page (see modal-styles). */}
      <ToastRegion />
    </>,
    host.root,
  )
}

function Dialog() {
  const portico = usePortico()
  const { open, shake } = useStore(portico.modal.store, selectModal)
  const history = useStore(portico.router.store, selectHistory)
  const language = useStore(localeStore, selectLanguage)
  const locale = language.slice(0, language.lastIndexOf(':')) || undefined
  const dialogRef = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const onKeyDown = useFocusTrap(dialogRef, portico.close)
  useScrollLock(open)

  // Focus returns to whatever opened the modal (usually the ConnectButton) when it closes.
  useLayoutEffect(() => {
    if (!open) return
    const opener = document.activeElement as HTMLElement | null
    return () => {
      if (opener?.isConnected) opener.focus()
    }
  }, [open])

  // Escape closes the dialog even while focus is still on the page (a click on the dApp's own button,
  // before the view has focused its first field); inside the dialog the focus trap handles it.
  useEffect(() => {
    if (!open) return
    const onPageKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      if (dialogRef.current && event.composedPath().includes(dialogRef.current)) return
      portico.close()
    }
    document.addEventListener('keydown', onPageKeyDown)
    return () => document.removeEventListener('keydown', onPageKeyDown)
  }, [open, portico])

  const entry = history.at(-1)
  const view = entry && hasView(entry.view, portico.config) ? entry.view : 'Connect'
  // A modal mounted closed, ahead of its first open, draws Connect once hidden and inert (no focus, no
  // scroll lock, nothing for assistive technology) and drops it after that frame: the browser builds the
  // dialog's styles and lays out its text, and the views' code is compiled, so the first open costs what
  // a second one does. Views other than Connect may load data as they mount, so they are not rehearsed.
  const [rehearsing, setRehearsing] = useState(() => !open && view === 'Connect')
  useEffect(() => {
    if (rehearsing) afterFirstFrame(() => setRehearsing(false))
  }, [rehearsing])
  const rehearsal = !open
  if (rehearsal && !(rehearsing && view === 'Connect')) return null

  return (
    // A click on the backdrop closes, like Escape does; keyboard users have Escape and the Close button.
    <div
      className="backdrop"
      data-rehearsal={rehearsal || undefined}
      inert={rehearsal}
      aria-hidden={rehearsal || undefined}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) portico.close()
      }}
    >
      <div
        ref={dialogRef}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        lang={locale}
        dir={locale ? localeDirection(locale) : undefined}
        tabIndex={-1}
        data-shake={shake}
        data-view={view}
        onKeyDown={onKeyDown}
        onPointerOver={(event) => prefetchIntended(event.target, portico)}
        onFocus={(event) => prefetchIntended(event.target, portico)}
      >
        {/* Not a banner landmark: the dApp's page has its own, and a dialog holds no page landmarks. */}
        {/* biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: a header is not interactive */}
        <header role="none">
          {history.length > 1 ? (
            <button
              type="button"
              className="icon-button"
              aria-label={modalMessages.t('back')}
              onClick={portico.router.goBack}
            >
              <BackIcon />
            </button>
          ) : view === 'Connect' && hasView('WhatIsAWallet', portico.config) ? (
            // Web3Modal's place for it: a visitor new to wallets finds what one is before choosing.
            <button
              type="button"
              className="icon-button"
              aria-label={viewTitle('WhatIsAWallet')}
              title={viewTitle('WhatIsAWallet')}
              onClick={() => portico.router.push('WhatIsAWallet')}
            >
              <HelpIcon />
            </button>
          ) : (
            <span />
          )}
          <h2 id={titleId}>{viewTitle(view, portico) ?? modalMessages.t('modalLabel')}</h2>
          <button
            type="button"
            className="icon-button"
            aria-label={modalMessages.t('close')}
            onClick={portico.close}
          >
            <CloseIcon />
          </button>
        </header>
        <div className="content">
          <Suspense
            fallback={
              <div className="center" aria-busy="true">
                <div className="spinner" />
              </div>
            }
          >
            {/* A translation that arrives re-renders the view (the dialog re-renders on it); only a switch of
                locale starts it anew. Keyed on every arrival, a visitor typing an e-mail lost it. */}
            <View
              name={view}
              key={`${history.length}:${view}:${locale ?? ''}`}
              dialog={dialogRef}
              rehearsal={rehearsal}
            />
          </Suspense>
        </div>
      </div>
    </div>
  )
}

function View({
  name,
  dialog,
  rehearsal,
}: {
  name: ViewName
  dialog: React.RefObject<HTMLDivElement | null>
  /** Drawn hidden before the first open: takes no focus and loads nothing more. */
  rehearsal: boolean
}) {
  const Component = useView(name)
  // Runs once the view is on screen: move focus into it for keyboard and screen-reader users.
  useEffect(() => {
    if (rehearsal) return
    const content = dialog.current?.querySelector('.content') as HTMLElement | null
    // Connect starts at the dialog: the first Tab goes through the header in reading order ("What is a
    // wallet?", Close, then the e-mail field), and a phone's keyboard does not rise over the sheet on
    // opening. Every other view starts at its first field.
    const target = name === 'Connect' ? dialog.current : (getFocusable(content)[0] ?? dialog.current)
    target?.focus({ preventScroll: true })
    // The views it leads to (data-prefetch-view) load a moment after it painted, so a click never waits on
    // their code.
    const timer = setTimeout(() => {
      for (const link of content?.querySelectorAll<HTMLElement>('[data-prefetch-view]') ?? [])
        if (hasView(link.dataset.prefetchView as ViewName))
          void loadView(link.dataset.prefetchView as ViewName).catch(() => {})
    }, LINKED_VIEWS_DELAY_MS)
    return () => clearTimeout(timer)
  }, [dialog, name, rehearsal])
  return <Component />
}
