import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ts from 'typescript'
import { afterAll, beforeAll, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../../..')

/** A dApp's file: it creates its instance, registers it, and calls the hooks with configured and other ids. */
const dappFile = (register: boolean) =>
  [
    "import { createPortico, useNetwork, usePortico } from '@portico/react'",
    "const portico = createPortico({ projectId: 'p', networks: [1, 8453], adapters: [] })",
    register ? "declare module '@portico/react' { interface Register { portico: typeof portico } }" : '',
    'export function Switcher() {',
    '  void useNetwork().switchNetwork(8453)',
    '  // @ts-expect-error OP Mainnet (10) is not configured',
    '  void useNetwork().switchNetwork(10)',
    '  // @ts-expect-error nor is Polygon (137)',
    '  void usePortico().switchNetwork(137)',
    '  return null',
    '}',
  ].join('\n')

let dir: string
let options: ts.CompilerOptions
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'portico-register-'))
  const { config } = ts.readConfigFile(join(root, 'tsconfig.base.json'), ts.sys.readFile)
  options = {
    ...ts.convertCompilerOptionsFromJson(config.compilerOptions, root).options,
    noEmit: true,
    // The dApp imports the package by its name, as a dApp would.
    paths: { '@portico/react': [join(root, 'packages/react/src/index.ts')] },
  }
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The type errors of the dApp's file, as `line: message`. */
function typeErrors(register: boolean, oldProgram?: ts.Program): { errors: string[]; program: ts.Program } {
  const file = join(dir, register ? 'registered.tsx' : 'unregistered.tsx')
  writeFileSync(file, dappFile(register))
  const program = ts.createProgram({ rootNames: [file], options, ...(oldProgram ? { oldProgram } : {}) })
  const source = program.getSourceFile(file)
  const errors = [...program.getSemanticDiagnostics(source), ...program.getSyntacticDiagnostics(source)].map(
    (diagnostic) =>
      `${(source?.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line ?? -1) + 1}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
  )
  return { errors, program }
}

it("a registered instance narrows useNetwork's and usePortico's switchNetwork to the configured ids", () => {
  const registered = typeErrors(true)
  expect(registered.errors).toEqual([])
  // The same file without the registration: both expected errors are then missing.
  const unregistered = typeErrors(false, registered.program)
  expect(unregistered.errors).toEqual([
    "6: Unused '@ts-expect-error' directive.",
    "8: Unused '@ts-expect-error' directive.",
  ])
}, 120_000)
