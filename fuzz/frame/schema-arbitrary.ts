import fc from 'fast-check'
import { z } from 'zod'
import type { $ZodType } from 'zod/v4/core'

/** The parts of a JSON Schema (as zod writes one) this generator reads. */
interface JsonSchema {
  type?: string | string[]
  const?: unknown
  enum?: unknown[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  pattern?: string
  format?: string
  minimum?: number
  maximum?: number
  maxLength?: number
  maxItems?: number
}

const wrong = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom('', '__proto__', 'constructor', null, -1, 1e308, Number.NaN, [], {}),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.anything({ maxDepth: 2, withNullPrototype: true, withBigInt: true }),
)

/**
 * Values shaped by a zod schema, each part valid most of the time and wrong otherwise: the payloads
 * that get furthest into a handler before they fail. Undefined when the schema cannot be described.
 */
export function schemaShaped(schema: $ZodType): fc.Arbitrary<unknown> | undefined {
  let json: JsonSchema
  try {
    json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema
  } catch {
    return undefined
  }
  return shaped(json, 0)
}

function shaped(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: valid(schema, depth), weight: 6 }, { arbitrary: wrong, weight: 2 })
}

function valid(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const options = schema.anyOf ?? schema.oneOf
  if (options) return fc.oneof(...options.map((option) => valid(option, depth)))
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  if (depth > 4) return fc.constant(null)
  switch (type) {
    case 'object':
      return fc.record(
        Object.fromEntries(
          Object.entries(schema.properties ?? {}).map(([name, property]) => [
            name,
            shaped(property, depth + 1),
          ]),
        ),
        { requiredKeys: [] },
      )
    case 'array':
      return fc.array(schema.items ? shaped(schema.items, depth + 1) : wrong, {
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      })
    case 'string':
      return validString(schema)
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -(2 ** 31), max: schema.maximum ?? 2 ** 31 })
    case 'number':
      return fc.double({ noNaN: true, min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9 })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    default:
      return wrong
  }
}

function validString(schema: JsonSchema) {
  if (schema.format === 'email') return fc.emailAddress()
  if (schema.format === 'uri') return fc.webUrl()
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern))
    } catch {
      // A pattern JavaScript cannot compile falls back to plain strings.
    }
  }
  return fc.string({ maxLength: Math.min(schema.maxLength ?? 100, 300) })
}
