import type { Validator } from '../connection/key-value-storage.js'
import { PorticoError } from '../errors/errors.js'
import { HttpRequestError } from '../errors/wallet-errors.js'

/** Fetches JSON and checks its shape: a failed status or an unexpected answer is a clear error. */
export async function fetchJson<T>(
  url: string,
  schema: Validator<T> | Promise<Validator<T>>,
  init: RequestInit = {},
  fetcher: typeof fetch = fetch,
): Promise<T> {
  const response = await fetcher(url, init)
  if (!response.ok) throw new HttpRequestError(response.status)
  const result = (await schema).safeParse(await response.json())
  if (!result.success)
    throw new PorticoError('INVALID_RESPONSE', `Unexpected answer from ${new URL(url).pathname}`)
  return result.data
}
