import { IMAGE_PRELOAD_TIMEOUT_MS } from '@portico/core/internal'

/**
 * Warms the HTTP cache for the images the first open shows. Each image gets at most
 * IMAGE_PRELOAD_TIMEOUT_MS: a slow one is left to load lazily when the modal shows it.
 */
export function preloadImages(urls: readonly string[], timeoutMs = IMAGE_PRELOAD_TIMEOUT_MS): Promise<void> {
  const one = (url: string) =>
    new Promise<void>((resolve) => {
      const image = new Image()
      const timer = setTimeout(resolve, timeoutMs)
      const done = () => {
        clearTimeout(timer)
        resolve()
      }
      image.onload = done
      image.onerror = done
      image.src = url
    })
  return Promise.all(urls.filter((url) => /^https?:/.test(url)).map(one)).then(() => {})
}
