import { getLocale } from '../../i18n/locale.js'

/** Why a typed amount cannot be read. */
export type AmountInputError = 'empty' | 'invalid' | 'tooManyDecimals'

export type ParsedAmount = { value: bigint } | { error: AmountInputError }

interface Separators {
  decimal: string
  group: string
}

const separatorsByLocale = new Map<string, Separators>()

/** The locale's decimal and grouping signs, as Intl writes them (`.` and `,` in en, `,` and `.` in de). */
export function localeSeparators(locale: string = getLocale()): Separators {
  let separators = separatorsByLocale.get(locale)
  if (!separators) {
    const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(12345.6)
    separators = {
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
    }
    separatorsByLocale.set(locale, separators)
  }
  return separators
}

// Digits of other scripts a keyboard may type (Arabic-Indic, Persian, Devanagari, full-width), as ASCII.
const digitZeros = [0x0660, 0x06f0, 0x0966, 0xff10]
const toAsciiDigits = (text: string) =>
  text.replace(/[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\uff10-\uff19]/g, (digit) => {
    const code = digit.charCodeAt(0)
    const zero = digitZeros.find((start) => code >= start && code <= start + 9) ?? code
    return String(code - zero)
  })

const spaces = /[\s\u00a0\u202f'’]/g

/**
 * Reads an amount the visitor typed, in the active locale, into base units of a token with `decimals`:
 * `1,5` and `1.5` are one and a half wherever that cannot be a thousands group; `1,000` is a thousand in
 * English and `1.000` in German; leading zeros and trailing fraction zeros are dropped; more fraction
 * digits than the token has is an error (never rounded: the visitor would send something else).
 */
export function parseAmount(input: string, decimals: number, locale: string = getLocale()): ParsedAmount {
  const { decimal, group } = localeSeparators(locale)
  // Arabic decimal and group signs, and the locale's own, become '.' and ',' candidates.
  let text = toAsciiDigits(input.trim())
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ',')
  if (group.trim() === '' || group === '’' || group === "'") text = text.replace(spaces, '')
  else text = text.replace(/\s/g, '')
  if (decimal !== '.' && decimal !== ',') text = text.split(decimal).join('.')
  if (text === '') return { error: 'empty' }
  if (!/^[0-9.,]+$/.test(text) || !/[0-9]/.test(text)) return { error: 'invalid' }

  const lastDot = text.lastIndexOf('.')
  const lastComma = text.lastIndexOf(',')
  let whole: string
  let fraction: string
  if (lastDot !== -1 && lastComma !== -1) {
    // Both signs: the last one is the decimal sign, the other groups thousands.
    const decimalAt = Math.max(lastDot, lastComma)
    const grouping = lastDot > lastComma ? ',' : '.'
    whole = text.slice(0, decimalAt)
    fraction = text.slice(decimalAt + 1)
    if (whole.includes(text[decimalAt] as string) || !isGrouped(whole, grouping)) return { error: 'invalid' }
    whole = whole.split(grouping).join('')
  } else if (lastDot !== -1 || lastComma !== -1) {
    const sign = lastDot !== -1 ? '.' : ','
    const pieces = text.split(sign)
    if (pieces.length > 2) {
      // The sign repeats: it can only group thousands.
      if (!isGrouped(text, sign)) return { error: 'invalid' }
      whole = pieces.join('')
      fraction = ''
    } else {
      const [before = '', after = ''] = pieces
      // One sign: the locale's grouping sign followed by exactly three digits is a thousands group.
      const groupsThousands =
        sign === normalizedGroup(group) && sign !== normalizedDecimal(decimal) && isGrouped(text, sign)
      whole = groupsThousands ? before + after : before
      fraction = groupsThousands ? '' : after
    }
  } else {
    whole = text
    fraction = ''
  }
  if (!/^[0-9]*$/.test(whole) || !/^[0-9]*$/.test(fraction)) return { error: 'invalid' }
  fraction = fraction.replace(/0+$/, '')
  if (fraction.length > decimals) return { error: 'tooManyDecimals' }
  const digits = `${whole}${fraction.padEnd(decimals, '0')}`.replace(/^0+(?=\d)/, '')
  return { value: BigInt(digits === '' ? '0' : digits) }
}

/** `1,234,567` with `,`: one to three digits, then groups of exactly three. */
function isGrouped(text: string, sign: string): boolean {
  const [first = '', ...rest] = text.split(sign)
  return /^[0-9]{1,3}$/.test(first) && rest.every((group) => /^[0-9]{3}$/.test(group))
}

const normalizedGroup = (group: string) => (group === '.' ? '.' : ',')
const normalizedDecimal = (decimal: string) => (decimal === ',' ? ',' : '.')

/**
 * An amount in base units written back the way `parseAmount` reads it in `locale`: the locale's decimal
 * sign, no grouping, every significant digit (the Max button fills the field with it).
 */
export function formatAmountInput(value: bigint, decimals: number, locale: string = getLocale()): string {
  const negative = value < 0n
  const absolute = negative ? -value : value
  const base = 10n ** BigInt(decimals)
  const fraction = (absolute % base).toString().padStart(decimals, '0').replace(/0+$/, '')
  const whole = (absolute / base).toString()
  const { decimal } = localeSeparators(locale)
  return `${negative ? '-' : ''}${whole}${fraction ? `${decimal}${fraction}` : ''}`
}
