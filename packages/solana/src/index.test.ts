import { expect, it } from 'vitest'
import * as solana from './index.js'

it('exports a stable public API', () => {
  expect(Object.keys(solana).sort()).toMatchSnapshot()
})
