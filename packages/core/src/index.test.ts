import { expect, it } from 'vitest'
import * as core from './index.js'
import * as internal from './internal.js'

it('exports a stable public API, under 50 values', () => {
  const values = Object.keys(core).sort()
  expect(values).toMatchSnapshot()
  expect(values.length).toBeLessThan(50)
})

it("exports what Portico's own packages need besides from the internal entry, apart from the public API", () => {
  const values = Object.keys(internal).sort()
  expect(values).toMatchSnapshot()
  expect(values.filter((name) => name in core)).toEqual([])
})
