import { formatMessage } from './button-messages.js'
import { type ErrorParams, PorticoError } from './errors.js'
import { CATALOGUE_LOCALE, type CountedMessage, errorMessages } from './messages.js'

/**
 * The text the modal shows for an error: the catalogue entry for its code, filled in with the error's
 * own params and `params` (the wallet's name, for one). Anything that is not a PorticoError is UNKNOWN.
 */
export function errorMessage(error: unknown, params: ErrorParams = {}): string {
  const known = error instanceof PorticoError ? error : undefined
  const values = { ...params, ...known?.params }
  const entry: string | CountedMessage = errorMessages[known?.code ?? 'UNKNOWN']
  if (typeof entry === 'string') return formatMessage(entry, values)
  const n = values.n
  if (typeof n !== 'number') return formatMessage(entry.uncounted ?? entry.other, values)
  return formatMessage(entry[new Intl.PluralRules(CATALOGUE_LOCALE).select(n)] ?? entry.other, values)
}
