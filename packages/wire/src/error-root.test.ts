import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { PorticoError } from './portico-error.js'

const packagesDir = join(import.meta.dirname, '../..')
const packageNames = readdirSync(packagesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const isErrorClass = (value: unknown): value is typeof Error =>
  typeof value === 'function' && value.prototype instanceof Error

// Each package's public entry (its src/index.ts): every error class it exports has the one root, so a
// caller can catch, walk and look up any Portico error the same way.
it.each(packageNames)('every error class @portico/%s exports extends PorticoError', async (name) => {
  const exports: Record<string, unknown> = await import(
    /* @vite-ignore */ join(packagesDir, name, 'src/index.ts')
  )
  const errorClasses = Object.entries(exports).filter(([, value]) => isErrorClass(value))
  const strays = errorClasses
    .filter(
      ([, value]) => value !== PorticoError && !((value as typeof Error).prototype instanceof PorticoError),
    )
    .map(([exportName]) => exportName)
  expect(strays).toEqual([])
})

it('finds the error classes it checks', async () => {
  const frame: Record<string, unknown> = await import(
    /* @vite-ignore */ join(packagesDir, 'frame/src/index.ts')
  )
  const siwe: Record<string, unknown> = await import(
    /* @vite-ignore */ join(packagesDir, 'siwe/src/index.ts')
  )
  expect(isErrorClass(frame.AuthApiError) && isErrorClass(siwe.SiweError)).toBe(true)
})
