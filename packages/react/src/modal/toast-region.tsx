import type { LocaleState } from '@portico/core'
import { localeDirection, localeStore, type ToastState } from '@portico/core/internal'
import { usePortico } from '../use-portico.js'
import { useStore } from '../use-store.js'

const selectToast = (state: ToastState) => state
const selectLocale = (state: LocaleState) => state.locale

/** A live region that is always in the page, so screen readers announce every toast. */
export function ToastRegion() {
  const portico = usePortico()
  const toast = useStore(portico.toast.store, selectToast)
  const locale = useStore(localeStore, selectLocale)
  return (
    <div
      className="toast-region"
      role="status"
      aria-live="polite"
      aria-atomic="true"
      lang={locale}
      dir={locale ? localeDirection(locale) : undefined}
    >
      {toast.open ? (
        <div className="toast" data-variant={toast.variant} key={toast.id}>
          <span className="dot" aria-hidden="true" />
          <span>{toast.message}</span>
        </div>
      ) : null}
    </div>
  )
}
