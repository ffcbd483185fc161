import type { Validator } from '../connection/key-value-storage.js'
import type { GetWalletsResponse, WalletListing } from './wallet-listing.js'

/**
 * Hand-written guards for the wallet list the Connect view shows at open (the explorer's answers and the
 * saved list): the same checks as the zod schemas in wallet-listing.ts, which stay the reference (a test
 * holds the two together), without zod's weight on the opening. Unknown keys are dropped, as zod does.
 */
type Check = (value: unknown) => boolean

const isString: Check = (value) => typeof value === 'string'
const isFilled: Check = (value) => typeof value === 'string' && value.length > 0
const isNumber: Check = (value) => typeof value === 'number' && Number.isFinite(value)
const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value)
const nullable =
  (check: Check): Check =>
  (value) =>
    value === null || check(value)
const arrayOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check)
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** An object's checks by key; `pick` copies the known keys only. */
function shape(checks: Record<string, Check>) {
  const keys = Object.keys(checks)
  return {
    check: (value: unknown): value is Record<string, unknown> =>
      isRecord(value) && keys.every((key) => (checks[key] as Check)(value[key])),
    pick: (value: Record<string, unknown>) => {
      const copy: Record<string, unknown> = {}
      for (const key of keys) if (key in value) copy[key] = value[key]
      return copy
    },
  }
}

const optionalText = optional(nullable(isString))
const listing = shape({
  id: isFilled,
  name: isFilled,
  homepage: optionalText,
  image_id: isString,
  image_url: isString,
  order: optional(isNumber),
  mobile_link: optionalText,
  desktop_link: optionalText,
  webapp_link: optionalText,
  app_store: optionalText,
  play_store: optionalText,
  rdns: optionalText,
  chains: optional(arrayOf(isString)),
  injected: optional(nullable(arrayOf(shape({ namespace: isString, injected_id: isString }).check))),
})

/** The listings of `value` when every one is valid, with their known keys only; else undefined. */
export function parseListings(value: unknown): WalletListing[] | undefined {
  if (!arrayOf(listing.check)(value)) return undefined
  return (value as Record<string, unknown>[]).map((each) => {
    const copy = listing.pick(each)
    const injected = copy.injected as Record<string, unknown>[] | null | undefined
    if (injected) copy.injected = injected.map(({ namespace, injected_id }) => ({ namespace, injected_id }))
    return copy as unknown as WalletListing
  })
}

/** A validator from a parse that answers undefined for a wrong shape. */
export const guard = <T>(parse: (value: unknown) => T | undefined): Validator<T> => ({
  safeParse(value) {
    const data = parse(value)
    return data === undefined ? { success: false } : { success: true, data }
  },
})

/** `/getWallets`'s answer: a count (a whole number, not negative) and a page of listings. */
export const getWalletsResponseGuard = guard<GetWalletsResponse>((value) => {
  if (!isRecord(value) || !Number.isInteger(value.count) || (value.count as number) < 0) return undefined
  const data = parseListings(value.data)
  return data && { count: value.count as number, data }
})
