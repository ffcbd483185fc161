import type { Portico } from './portico.js'

/**
 * One value per Portico instance, made by `create` on first use: a feature's controller that outlives
 * its views (its form survives going back and forth) and loads with the first of them.
 */
export function perPortico<T>(create: (portico: Portico) => T): (portico: Portico) => T {
  const values = new WeakMap<Portico, T>()
  return (portico) => {
    let value = values.get(portico)
    if (value === undefined) {
      value = create(portico)
      values.set(portico, value)
    }
    return value
  }
}
