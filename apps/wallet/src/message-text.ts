import { hexToBytes, isHex } from 'viem'

/**
 * What a personal_sign payload says in words: the UTF-8 text when the bytes are printable text, otherwise the
 * hex itself (binary payloads such as hashes must be shown as they are, not as mojibake).
 */
export function decodeMessageText(message: string): string {
  if (!isHex(message, { strict: true })) return message
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(message))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point.
    return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? message : text
  } catch {
    return message
  }
}
