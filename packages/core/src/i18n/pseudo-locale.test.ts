/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest'
import type { MessageEntries } from './catalogue.js'
import { pseudoText, pseudoTranslation } from './pseudo-locale.js'
import { findTranslationProblems } from './translation-check.js'

/** Every catalogue of the core, as the completeness test finds them. */
const catalogues = Object.values(
  import.meta.glob<Record<string, unknown>>(['../**/*messages.ts', '!../**/*.test.ts'], { eager: true }),
)
  .flatMap((module) => Object.values(module))
  .filter(
    (value): value is { id: string; messages: MessageEntries } =>
      typeof value === 'object' && value !== null && 'id' in value && 'messages' in value && 't' in value,
  )

const texts = catalogues.flatMap(({ messages }) =>
  Object.values(messages).flatMap((entry) => (typeof entry === 'string' ? [entry] : Object.values(entry))),
)
const withoutPlaceholders = (text: string) => text.replace(/\{\w+\}/g, '')

describe('the pseudo-locale (en-XA)', () => {
  it('accents every Latin letter and keeps the rest of the text', () => {
    expect(pseudoText('Connect wallet')).toBe('[Çöññéçţ ŵáĺĺéţ ·ẋẏž·ẋ]')
    expect(pseudoText('Send 0.5 ETH?')).toMatch(/^\[Šéñð 0\.5 ÉŢĤ\? /)
  })

  it('writes no plain Latin letter outside a placeholder, in any message of the core', () => {
    expect(texts.length).toBeGreaterThan(20)
    expect(texts.map(pseudoText).filter((text) => /[a-zA-Z]/.test(withoutPlaceholders(text)))).toEqual([])
  })

  it('makes every message at least 40 % longer, so text that fits only in English shows', () => {
    for (const text of [...texts, 'OK', 'Connect wallet', 'A']) {
      expect(pseudoText(text).length, text).toBeGreaterThanOrEqual(Math.ceil(text.length * 1.4))
    }
  })

  it('keeps the placeholders as they are, so values still fill in', () => {
    expect(pseudoText('Send {amount} to {name}')).toContain('{amount}')
    expect(pseudoText('Send {amount} to {name}')).toContain('{name}')
    // Plural forms stay plural forms of the same categories, with the same placeholders.
    for (const { id, messages } of catalogues) {
      expect(findTranslationProblems(messages, pseudoTranslation(messages), 'en'), id).toEqual([])
    }
  })
})
