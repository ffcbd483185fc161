import { describe, expect, it } from 'vitest'
import { mailboxOf } from './address-limits.js'

describe('mailboxOf', () => {
  it('folds case and drops a plus tag, keeping the domain', () => {
    expect(mailboxOf('Ann+Promo@Mail.Example')).toBe('ann@mail.example')
    expect(mailboxOf('ann+a+b@mail.example')).toBe('ann@mail.example')
    expect(mailboxOf(' ann@mail.example ')).toBe('ann@mail.example')
  })

  it('keeps a local part that starts with + and text without @ as they are', () => {
    expect(mailboxOf('+ann@mail.example')).toBe('+ann@mail.example')
    expect(mailboxOf('not-an-address')).toBe('not-an-address')
  })
})
