import { expect, it } from 'vitest'
import * as frame from './index.js'

it('exports a stable public API', () => {
  expect(Object.keys(frame).sort()).toMatchSnapshot()
})
