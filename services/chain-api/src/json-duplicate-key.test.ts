import { describe, expect, it } from 'vitest'
import { duplicateJsonKey } from './json-duplicate-key.js'

describe('duplicateJsonKey', () => {
  it('finds a key given twice in one object, at any depth and in any escape spelling', () => {
    expect(duplicateJsonKey('{"name":"a","name":"b"}')).toBe('name')
    expect(duplicateJsonKey('{"a":{"x":1, "x" :2}}')).toBe('x')
    expect(duplicateJsonKey('{"name":"a","n\\u0061me":"b"}')).toBe('name')
    expect(duplicateJsonKey('[{"k":1},{"k":2,"j":[{"k":1,"k":3}]}]')).toBe('k')
  })

  it('accepts equal keys in different objects and keys spelled inside strings', () => {
    expect(duplicateJsonKey('{"a":{"k":1},"b":{"k":2},"k":3}')).toBeUndefined()
    expect(duplicateJsonKey('{"name":"\\"name\\":","bio":"name: x"}')).toBeUndefined()
    expect(duplicateJsonKey('["name","name"]')).toBeUndefined()
  })
})
