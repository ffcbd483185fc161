import { expect, it } from 'vitest'
import * as wire from './index.js'

it('exports a stable public API', () => {
  expect(Object.keys(wire).sort()).toMatchSnapshot()
})
