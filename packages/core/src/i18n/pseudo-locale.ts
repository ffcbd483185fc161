import type { MessageEntries, MessageEntry, PluralForms, Translation } from './catalogue-types.js'

const ACCENTS: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ĺ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
}

/** `text` accented and padded to 140 % of its length; `{name}` placeholders stay as they are. */
export function pseudoText(text: string): string {
  const accented = text
    .split(/(\{\w+\})/)
    .map((part) => (part.startsWith('{') ? part : part.replace(/[a-zA-Z]/g, (char) => ACCENTS[char] ?? char)))
    .join('')
  const padding = Math.ceil(text.length * 0.4)
  const filler = '·ẋẏž'.repeat(Math.ceil(padding / 4)).slice(0, padding)
  return `[${accented}${filler ? ` ${filler}` : ''}]`
}

function pseudoEntry(entry: MessageEntry): MessageEntry {
  if (typeof entry === 'string') return pseudoText(entry)
  const forms: Record<string, string> = {}
  for (const [category, form] of Object.entries(entry)) forms[category] = pseudoText(form)
  return forms as PluralForms
}

/** A catalogue's messages in the pseudo-locale. */
export function pseudoTranslation<M extends MessageEntries>(messages: M): Translation<M> {
  const translation: Record<string, MessageEntry> = {}
  for (const [key, entry] of Object.entries(messages)) translation[key] = pseudoEntry(entry)
  return translation as Translation<M>
}
