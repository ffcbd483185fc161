import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { errorMessages } from '../i18n/messages.js'
import { PorticoError, type PorticoErrorCode } from './errors.js'

const docs = readFileSync(join(import.meta.dirname, '../../../../docs/errors.md'), 'utf8')
const anchors = new Set([...docs.matchAll(/<a id="([^"]+)"><\/a>/g)].map((match) => match[1]))

it("has an entry in docs/errors.md at each code's docsPath", () => {
  // The catalogue has a text for every code (its type says so): the same list, at run time.
  const codes = Object.keys(errorMessages.messages).filter((key) => !key.endsWith('_COUNTED'))
  expect(codes.length).toBeGreaterThan(40)
  const missing = codes.filter((code) => {
    const { docsPath } = new PorticoError(code as PorticoErrorCode, code)
    return !anchors.has(docsPath.replace('/docs/errors#', ''))
  })
  expect(missing).toEqual([])
})
