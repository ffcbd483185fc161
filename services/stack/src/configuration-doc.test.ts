import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { documentedVariables, environmentVariablesRead } from './environment-variables.js'

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
const serviceSources = readdirSync(`${repoRoot}services`).map((service) => `services/${service}/src`)

describe('docs/configuration.md', () => {
  const read = environmentVariablesRead(repoRoot, serviceSources)
  const documented = documentedVariables(readFileSync(`${repoRoot}docs/configuration.md`, 'utf8'))

  it('finds the variables the services read, schemas and run-time names included', () => {
    for (const name of ['HOST', 'DATABASE_URL', 'AUTH_MASTER_KEY', 'RELAY_TRUST_PROXY', 'PORTICO_MODE'])
      expect(read.has(name), name).toBe(true)
    expect(read.has('AUTH_<…>_CLIENT_SECRET')).toBe(true)
  })

  it('lists every environment variable any service reads', () => {
    const undocumented = [...read]
      .filter(([name]) => !documented.has(name))
      .map(([name, files]) => `${name} (${files.join(', ')})`)
    expect(undocumented).toEqual([])
  })
})
