import { z } from 'zod'

/** An environment variable that may be unset or blank; both mean "not given". */
export const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))

/** An on/off environment variable (on, true, 1, yes / off, false, 0, no); unset or blank is `fallback`. */
export const flag = (fallback: boolean) =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((value) =>
      value === undefined || value === '' ? fallback : ['on', 'true', '1', 'yes'].includes(value),
    )
