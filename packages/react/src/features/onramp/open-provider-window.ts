/** The popup's size, as hosted on-ramps recommend. */
const POPUP_FEATURES = 'popup,width=460,height=720'

export interface ProviderWindow {
  /** Sends the window to the provider's page (or closes it if there is none). */
  navigate(url: string | undefined): void
  /** False when the browser blocked the popup: the view offers a link instead. */
  opened: boolean
}

/**
 * Opens the provider's window at once, in the click's own task (a popup opened later, after the URL call,
 * would be blocked), then sends it to the provider's page once its URL is known.
 */
export function openProviderWindow(): ProviderWindow {
  // A window of its own per purchase. The last one, reused by name, could not be sent on: it is on the
  // provider's origin and has no opener (see below), so the browser refused the navigation, and for the
  // same reason it cannot be closed from here either.
  const popup = window.open('about:blank', '_blank', POPUP_FEATURES)
  // The provider's page must not reach back into the dApp.
  if (popup) popup.opener = null
  return {
    opened: popup !== null,
    navigate(url) {
      if (!popup) return
      if (url) popup.location.href = url
      else popup.close()
    },
  }
}
