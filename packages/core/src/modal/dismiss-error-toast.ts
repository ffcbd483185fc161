import type { ToastController } from './toast-controller.js'

/**
 * Hides the toast if it reports a failure: the action it reported has since succeeded (a retry), so a
 * stale "failed" must not linger beside the result. With `message`, only that failure's toast goes (a
 * retried balance must not hide another action's error). Other toasts stay. Used by the runtime only,
 * so it stays out of the first paint's toast controller.
 */
export function dismissErrorToast(toast: Pick<ToastController, 'store' | 'hide'>, message?: string): void {
  const shown = toast.store.getState()
  if (shown.open && shown.variant === 'error' && (message === undefined || shown.message === message))
    toast.hide()
}
