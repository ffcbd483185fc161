import { expect, it } from 'vitest'
import * as react from './index.js'

it('exports a stable public API', () => {
  expect(Object.keys(react).sort()).toMatchSnapshot()
})
