import { describe, expect, it } from 'vitest'
import { accountNameLabel, accountNameProblem } from './account-name-rule.js'

describe('accountNameProblem', () => {
  it('accepts letters, digits and inner hyphens', () => {
    for (const label of ['alice', 'a1b2', 'my-name', 'a-b-c-d', 'xn--bcher-kva']) {
      expect(accountNameProblem(label), label).toBeUndefined()
    }
  })

  it('names the part of the rule a label breaks', () => {
    expect(accountNameProblem('al ce')).toBe('characters')
    expect(accountNameProblem('alïce')).toBe('characters')
    expect(accountNameProblem('abc')).toBe('tooShort')
    expect(accountNameProblem('a'.repeat(64))).toBe('tooLong')
  })

  // The chain API refuses these (DNS/ENS label rules); the modal says so before a register round trip.
  it('refuses edge hyphens and hyphens in the third and fourth places unless the label is xn--', () => {
    for (const label of ['-alice', 'alice-', '----', 'ab--cd', 'AB--cd']) {
      expect(accountNameProblem(label), label).toBe('hyphens')
    }
  })

  it('reads a full name or a bare label in lower case', () => {
    expect(accountNameLabel(' Alice.WCN.id ')).toBe('alice')
    expect(accountNameLabel('Bob')).toBe('bob')
  })
})
