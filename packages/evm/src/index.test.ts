import { expect, it } from 'vitest'
import * as evm from './index.js'

it('exports a stable public API', () => {
  expect(Object.keys(evm).sort()).toMatchSnapshot()
})
