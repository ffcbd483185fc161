import fc from 'fast-check'
import type { Route } from './route-table.js'

/** A route's inputs by name, each with values the route accepts: the base the wrong inputs are made from. */
export type Fields = Record<string, readonly unknown[]>

export interface RouteShape {
  params?: Fields
  query?: Fields
  body?: Fields
  /** Headers a real client sends (authorization, origin …), by name. */
  headers?: Fields
}

export interface FuzzRequest {
  method: string
  url: string
  headers: Record<string, string>
  payload?: string
  /** Which family of inputs made it, for the report. */
  kind: 'shaped' | 'arbitrary'
}

/** Strings that have broken parsers before: NULs, overlong, prototype keys, traversal, odd unicode. */
const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '%00',
  '%',
  '\ud800',
  '0x',
  '0x10',
  '1e308',
  '-1',
  'NaN',
  'Infinity',
  'null',
  '[]',
  '{}',
  '<script>alert(1)</script>',
  'eip155:1:0x0000000000000000000000000000000000000000',
  'x'.repeat(70_000),
]

const anyJson = fc.jsonValue({ maxDepth: 3 })
const wrongValue = fc.oneof(
  fc.constantFrom(...nastyStrings),
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 100 }),
  fc.integer(),
  fc.double(),
  fc.bigInt().map(String),
  fc.boolean(),
  fc.constant(null),
  fc.array(anyJson, { maxLength: 4 }),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'a', 'toString'), anyJson, { maxKeys: 3 }),
)

/** A valid value, one bent out of shape (cut, padded, case-flipped, wrong type), or a wrong one. */
function fieldValue(samples: readonly unknown[]) {
  const valid = fc.constantFrom(...(samples.length > 0 ? samples : [null]))
  const bent = fc.tuple(valid, fc.nat(40), fc.string({ maxLength: 8 })).map(([sample, cut, junk]) => {
    const text = typeof sample === 'string' ? sample : JSON.stringify(sample)
    return cut % 4 === 0
      ? text.slice(0, cut)
      : cut % 4 === 1
        ? text + junk
        : cut % 4 === 2
          ? text.toUpperCase()
          : Number.isNaN(Number(text))
            ? [text]
            : Number(text)
  })
  return fc.oneof(
    { arbitrary: valid, weight: 6 },
    { arbitrary: bent, weight: 3 },
    { arbitrary: wrongValue, weight: 2 },
  )
}

/** An object with the route's field names: some missing, some wrong, sometimes extra keys. */
function shapedObject(fields: Fields) {
  const known = fc.record(
    Object.fromEntries(Object.entries(fields).map(([name, samples]) => [name, fieldValue(samples)])),
    { requiredKeys: [] },
  )
  return fc
    .tuple(known, fc.option(fc.dictionary(fc.string({ maxLength: 12 }), anyJson, { maxKeys: 3 })))
    .map(([object, extra]) => ({ ...extra, ...object }))
}

/** Lone surrogates cannot be percent-encoded or sent; a client sends the replacement character. */
const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
const asText = (value: unknown) =>
  wellFormed(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))

function queryString(values: Record<string, unknown>) {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const item of value) search.append(name, asText(item))
    else search.append(name, asText(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

/** Fills `:name` and `*` in the pattern; a value may hold slashes, dots or percent signs. */
function fillPath(url: string, params: Record<string, unknown>) {
  const path = url.replace(/:([A-Za-z0-9_]+)|\*/g, (_whole, name: string | undefined) => {
    const value = asText(params[name ?? '*'] ?? '')
    // Raw some of the time: a literal "%" or "/" reaches the router as it would from curl.
    return value.length % 3 === 0
      ? value.replaceAll(/[\s#?]/g, encodeURIComponent)
      : encodeURIComponent(value)
  })
  return path.startsWith('/') ? path : `/${path}`
}

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  '',
)

const rawBody = fc.oneof(
  fc.string({ maxLength: 500 }),
  fc.constantFrom('{', '{"a":', '[', 'null', '1', '"x"', '{"__proto__":{"polluted":1}}', '{"a":1,"a":2}'),
  anyJson.map((value) => JSON.stringify(value)),
  fc.constant(`{"x":"${'a'.repeat(2_000_000)}"}`),
)

/** Requests for one route: shaped like what it expects but wrong in places, or anything at all. */
export function requestArbitrary(route: Route, shape: RouteShape): fc.Arbitrary<FuzzRequest> {
  const paramNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((match) => match[1] ?? '*')
  const paramFields: Fields = Object.fromEntries(
    paramNames.map((name) => [name, shape.params?.[name] ?? ['x']]),
  )
  const withBody = route.method !== 'GET' && route.method !== 'OPTIONS'
  const headers = shape.headers ? shapedObject(shape.headers) : fc.constant({})

  const shaped = fc
    .record({
      params: fc.record(
        Object.fromEntries(Object.entries(paramFields).map(([name, samples]) => [name, fieldValue(samples)])),
      ),
      query: shape.query ? shapedObject(shape.query) : fc.constant({}),
      body: withBody && shape.body ? shapedObject(shape.body) : fc.constant(undefined),
      headers,
    })
    .map(
      ({ params, query, body, headers }): FuzzRequest => ({
        method: route.method,
        url: fillPath(route.url, params) + queryString(query),
        headers: {
          ...stringValues(headers),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        kind: 'shaped',
      }),
    )

  const arbitrary = fc
    .record({
      params: fc.dictionary(fc.constantFrom(...paramNames, 'x'), wrongValue),
      query: fc.dictionary(fc.string({ maxLength: 10 }), wrongValue, { maxKeys: 4 }),
      contentType: contentTypes,
      body: withBody ? fc.option(rawBody) : fc.constant(null),
      headers,
    })
    .map(
      ({ params, query, contentType, body, headers }): FuzzRequest => ({
        method: route.method,
        url: fillPath(route.url, params) + queryString(query),
        headers: { ...stringValues(headers), ...(contentType ? { 'content-type': contentType } : {}) },
        ...(body === null ? {} : { payload: body }),
        kind: 'arbitrary',
      }),
    )
  return fc.oneof({ arbitrary: shaped, weight: 3 }, { arbitrary: arbitrary, weight: 2 })
}

function stringValues(values: Record<string, unknown>) {
  // Header values must be latin-1 without control characters, or the request never leaves the client.
  const clean = (text: string) => text.replaceAll(/[^\x20-\x7e]/g, '?').slice(0, 8_000)
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, clean(asText(value))]))
}
