import { expect, it } from 'vitest'
import * as siwe from './index.js'

it('exports a stable public API', () => {
  expect(Object.keys(siwe).sort()).toMatchSnapshot()
})
