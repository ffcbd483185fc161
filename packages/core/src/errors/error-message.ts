import { errorMessages } from '../i18n/messages.js'
import { type ErrorParams, PorticoError } from './errors.js'

type CountedKey = Extract<keyof typeof errorMessages.messages, `${string}_COUNTED`>

const isCountedKey = (key: string): key is CountedKey => key in errorMessages.messages

/**
 * The text the modal shows for an error: the catalogue entry for its code in the active locale, filled
 * in with `params` (the wallet's name, for one) and the error's own params (a count `n` picks the
 * counted form). Anything that is not a PorticoError is UNKNOWN.
 */
export function errorMessage(error: unknown, params: ErrorParams = {}): string {
  const known = error instanceof PorticoError ? error : undefined
  const code = known?.code ?? 'UNKNOWN'
  const values = { ...params, ...known?.params }
  const counted = `${code}_COUNTED`
  if (typeof values.n === 'number' && isCountedKey(counted))
    return errorMessages.plural(counted, values.n, values)
  return errorMessages.t(code, values)
}
