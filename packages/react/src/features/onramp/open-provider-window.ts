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
  const popup = window.open('about:blank', 'portico-onramp', POPUP_FEATURES)
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
