import type { CallsDetails } from './describe-calls.js'
import { type FrameValue, frameText } from './frame-strings.js'

/**
 * The fee line of a batch: paid by the dApp (named by its host, the name the browser vouches for) when its
 * paymaster sponsors the batch, else the fee the account pays.
 */
export function callsFee(
  details: CallsDetails,
  origin: string,
  native: (wei: bigint) => FrameValue,
): FrameValue {
  if (details.sponsored) return frameText('feePaidBy', { name: hostOf(origin) })
  return details.fee === undefined ? frameText('feeUnknown') : native(details.fee)
}

const hostOf = (origin: string) => {
  try {
    return new URL(origin).host || origin
  } catch {
    return origin
  }
}
