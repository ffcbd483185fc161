/**
 * The first key that appears twice in one object of a JSON text, or undefined. JSON.parse keeps the last
 * of two equal keys, so a signed message `{"name":"a","name":"b"}` would be shown as one name and read as
 * another. Expects text JSON.parse accepted.
 */
export function duplicateJsonKey(text: string): string | undefined {
  // One entry per open object (its keys) or array (null).
  const open: (Set<string> | null)[] = []
  let index = 0
  while (index < text.length) {
    const char = text[index]
    if (char === '{') open.push(new Set())
    else if (char === '[') open.push(null)
    else if (char === '}' || char === ']') open.pop()
    else if (char === '"') {
      const end = stringEnd(text, index)
      const keys = open.at(-1)
      if (keys && /^\s*:/.test(text.slice(end + 1, end + 1 + 64))) {
        const key = JSON.parse(text.slice(index, end + 1)) as string
        if (keys.has(key)) return key
        keys.add(key)
      }
      index = end
    }
    index++
  }
  return undefined
}

/** The index of the quote closing the string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let index = start + 1
  while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1
  return index
}
