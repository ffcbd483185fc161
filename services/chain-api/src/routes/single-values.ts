/** Fastify hands query strings over as strings, but a repeated key arrives as an array: keep the first. */
export function singleValues(input: unknown): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries((input ?? {}) as Record<string, unknown>).map(([key, value]) => [
      key,
      Array.isArray(value) ? value[0] : value,
    ]),
  )
}
