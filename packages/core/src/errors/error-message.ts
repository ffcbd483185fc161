import { errorMessages } from '../i18n/messages.js'
import { type ErrorParams, PorticoError } from './errors.js'

type CountedKey = Extract<keyof typeof errorMessages.messages, `${string}_COUNTED`>

const isCountedKey = (key: string): key is CountedKey => key in errorMessages.messages

/**
 * A PorticoError with one of the modal's own codes. Other packages' errors share the root but carry their
 * own codes (siwe's, the frame's transport codes): those are mapped into a modal code first.
 */
export const isCataloguedError = (error: unknown): error is PorticoError =>
  error instanceof PorticoError && error.code in errorMessages.messages

/**
 * The text the modal shows for an error: the catalogue entry for its code in the active locale, filled
 * in with `params` (the wallet's name, for one) and the error's own params (a count `n` picks the
 * counted form). Anything that is not a PorticoError is UNKNOWN.
 */
export function errorMessage(error: unknown, params: ErrorParams = {}): string {
  const known = isCataloguedError(error) ? error : undefined
  const code = known?.code ?? 'UNKNOWN'
  const values = { ...params, ...known?.params }
  const counted = `${code}_COUNTED`
  if (typeof values.n === 'number' && isCountedKey(counted))
    return errorMessages.plural(counted, values.n, values)
  return errorMessages.t(code, values)
}

/** The error as one of the modal's own: a catalogued PorticoError as it is, anything else UNKNOWN with it as the cause. */
export const toCataloguedError = (error: unknown): PorticoError =>
  isCataloguedError(error)
    ? error
    : new PorticoError('UNKNOWN', error instanceof Error ? error.message : String(error), { cause: error })
