/**
 * Returns the exact source text of one member of a top-level JSON object, or undefined when absent.
 * The relay echoes JSON-RPC ids byte for byte: Android clients send integer ids above 2^53, which
 * JSON.parse would round. Call it only on text that JSON.parse has accepted.
 */
export function readRawTopLevelMember(text: string, key: string): string | undefined {
  let i = skipSpace(text, 0)
  if (text[i] !== '{') return undefined
  i++
  while (i < text.length) {
    i = skipSpace(text, i)
    if (text[i] === '}') return undefined
    if (text[i] === ',') {
      i++
      continue
    }
    const keyEnd = endOfString(text, i)
    const name = JSON.parse(text.slice(i, keyEnd)) as string
    i = skipSpace(text, keyEnd)
    i = skipSpace(text, i + 1) // past ':'
    const valueEnd = endOfValue(text, i)
    if (name === key) return text.slice(i, valueEnd)
    i = valueEnd
  }
  return undefined
}

function skipSpace(text: string, from: number) {
  let i = from
  while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++
  return i
}

/** `from` points at the opening quote; returns the index just past the closing quote. */
function endOfString(text: string, from: number) {
  let i = from + 1
  while (i < text.length) {
    const char = text[i]
    if (char === '\\') i += 2
    else if (char === '"') return i + 1
    else i++
  }
  return i
}

function endOfValue(text: string, from: number) {
  const first = text[from]
  if (first === '"') return endOfString(text, from)
  if (first === '{' || first === '[') {
    let depth = 0
    let i = from
    while (i < text.length) {
      const char = text[i]
      if (char === '"') {
        i = endOfString(text, i)
        continue
      }
      if (char === '{' || char === '[') depth++
      else if (char === '}' || char === ']') {
        depth--
        if (depth === 0) return i + 1
      }
      i++
    }
    return i
  }
  let i = from
  while (i < text.length && !',}] \n\r\t'.includes(text[i] as string)) i++
  return i
}
