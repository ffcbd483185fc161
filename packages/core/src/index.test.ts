import { expect, it } from 'vitest'
import * as core from './index.js'

it('exports a stable public API', () => {
  expect(Object.keys(core).sort()).toMatchSnapshot()
})
