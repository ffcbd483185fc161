import type { PaymentCurrency } from './onramp-schemas.js'

export type AmountProblem =
  | { kind: 'empty' }
  | { kind: 'notANumber' }
  | { kind: 'belowMin'; min: number; currency: string }
  | { kind: 'aboveMax'; max: number; currency: string }

/** The limits of a payment method in a currency, or undefined when the currency does not offer it. */
export function methodLimits(currency: PaymentCurrency | undefined, method: string) {
  const entry = currency?.payment_method_limits.find((limit) => limit.id === method)
  return entry ? { min: Number(entry.min), max: Number(entry.max) } : undefined
}

/** What is wrong with an amount typed for this currency and method (spec §9's limits); undefined when fine. */
export function amountProblem(
  input: string,
  currency: PaymentCurrency | undefined,
  method: string,
): AmountProblem | undefined {
  const text = input.trim().replace(',', '.')
  if (text === '') return { kind: 'empty' }
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return { kind: 'notANumber' }
  const amount = Number(text)
  const limits = methodLimits(currency, method)
  if (!limits || !currency) return undefined
  if (amount < limits.min) return { kind: 'belowMin', min: limits.min, currency: currency.id }
  if (amount > limits.max) return { kind: 'aboveMax', max: limits.max, currency: currency.id }
  return undefined
}
