import { findTranslationProblems } from '@portico/core/internal'
import { localeFromAcceptLanguage, TRANSLATED_LOCALES } from '@portico/wire'
import { describe, expect, it } from 'vitest'
import { DEVICE, serversClosedAfterEach } from './auth-test-helpers.js'
import { mailTranslations } from './mail-locales/index.js'
import { mailStrings } from './mail-strings.js'

const start = serversClosedAfterEach()

describe('mails and pages in the visitor’s language', () => {
  it.each(TRANSLATED_LOCALES)('%s has every mail text, no other, with the same placeholders', (locale) => {
    expect(findTranslationProblems(mailStrings, mailTranslations[locale], locale)).toEqual([])
  })

  it('reads the language from Accept-Language by q-value, English when asked first or nothing matches', () => {
    expect(localeFromAcceptLanguage('he-IL,he;q=0.9,en;q=0.8')).toBe('he')
    expect(localeFromAcceptLanguage('fr;q=0.5, de-CH')).toBe('de')
    expect(localeFromAcceptLanguage('zh-Hant-HK')).toBe('zh-TW')
    expect(localeFromAcceptLanguage('en-US,he;q=0.9')).toBeUndefined()
    expect(localeFromAcceptLanguage('sw, x-klingon')).toBeUndefined()
    expect(localeFromAcceptLanguage('<script>;q=1')).toBeUndefined()
    expect(localeFromAcceptLanguage(undefined)).toBeUndefined()
  })

  it('a Hebrew sign-in gets its device link, confirmation page and code mail in Hebrew, right to left', async () => {
    const t = await start()
    const origin = 'http://localhost:3004'
    const started = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/email/start',
      payload: { email: 'dana@example.com', deviceId: DEVICE },
      headers: { origin, 'accept-language': 'he' },
    })
    expect(started.json()).toEqual({ action: 'VERIFY_DEVICE' })
    const linkMail = await t.nextMail('dana@example.com')
    expect(linkMail.subject).toBe('אישור המכשיר החדש שלך')
    const link = new URL(linkMail.text.match(/http\S+/)?.[0] ?? '')
    expect(link.searchParams.get('lang')).toBe('he')

    // The link opens in a browser set to English: the page keeps the mail's language.
    const page = await t.app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
      headers: { 'accept-language': 'en-US' },
    })
    expect(page.body).toContain('<html lang="he" dir="rtl">')
    expect(page.body).toContain('<h1>אישור המכשיר הזה</h1>')
    expect(page.body).toContain('<b><bdi>dana@example.com</bdi></b>')
    expect(page.body).toContain('name="lang" value="he"')

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/device/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      payload: `token=${link.searchParams.get('token')}&lang=he`,
    })
    expect(confirmed.body).toContain('המכשיר אושר')
    const codeMail = await t.nextMail('dana@example.com', linkMail.id)
    expect(codeMail.subject).toMatch(/^קוד הכניסה שלך ל-Portico: \d{6}$/)
    expect(codeMail.text).toContain('הוא בתוקף ל-10 דקות')
  })

  it('refuses a link whose lang is not a shipped locale, and writes English without one', async () => {
    const t = await start()
    const bad = await t.app.inject({
      method: 'GET',
      url: '/auth/v1/device/confirm?token=abcdefghijklmnopqrstuv&lang=xx',
    })
    expect(bad.statusCode).toBe(400)
    const english = await t.app.inject({
      method: 'GET',
      url: '/auth/v1/device/confirm?token=abcdefghijklmnopqrstuv',
    })
    expect(english.statusCode).toBe(404)
    expect(english.body).toContain('<html lang="en" dir="ltr">')
    expect(english.body).toContain('This link is no longer valid')
  })
})
