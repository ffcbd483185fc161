import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../../..')

/** The packages a dApp imports, whose every export must say what it is. */
const DAPP_PACKAGES = ['react', 'evm', 'solana', 'siwe']

/**
 * @portico/core's public API, what a dApp takes from it: the instance, its config, locale, theme, Sign-In
 * With Ethereum, networks, connection state, typed errors and the formatting a dApp shows. Everything else
 * Portico's own packages need is in `@portico/core/internal`.
 */
const DAPP_CORE_EXPORTS = new Set([
  'AccountAddress',
  'AUTH_CONNECTOR_ID',
  'Balance',
  'blockExplorerUrl',
  'CaipAccountId',
  'CaipNetworkId',
  'ChainId',
  'ChainNamespace',
  'ChainNotConfiguredError',
  'ConfigError',
  'ConfiguredChainId',
  'Connection',
  'ConnectionState',
  'ConnectionStatus',
  'Connector',
  'cookieStorage',
  'cookieToInitialState',
  'ConnectorAlreadyConnectedError',
  'ConnectorNotFoundError',
  'ConnectorType',
  'createPortico',
  'CreatePorticoOptions',
  'DEFAULT_AUTH_URL',
  'DEFAULT_CHAIN_API_URL',
  'DEFAULT_DEVNET_URL',
  'DEFAULT_EXPLORER_URL',
  'DEFAULT_RELAY_URL',
  'errorMessage',
  'ErrorParams',
  'EvmAddress',
  'formatAmount',
  'formatCurrency',
  'formatUnitsTruncated',
  'getKnownNetwork',
  'getLocale',
  'getProviderErrorCode',
  'HttpRequestError',
  'InvalidWalletResponseError',
  'isEvmAddress',
  'isSolanaAddress',
  'KernelEventMap',
  'KernelEventName',
  'knownNetworks',
  'LocaleState',
  'ModalState',
  'NamesError',
  'NamesErrorKind',
  'Network',
  'NetworkInput',
  'parseCaipNetworkId',
  'parseConfig',
  'Portico',
  'PorticoConfig',
  'PorticoConfigInput',
  'PorticoError',
  'PorticoInitialState',
  'PorticoErrorCode',
  'PorticoErrorOptions',
  'ProviderErrorCode',
  'ProviderNotFoundError',
  'RpcTimeoutError',
  'setLocale',
  'shortenAddress',
  'SiweConfig',
  'SiweCreateMessageArgs',
  'SiweMessageParams',
  'SiweSession',
  'SiweVerifyMessageArgs',
  'SolanaAddress',
  'THEME_VARIABLE_NAMES',
  'ThemeMode',
  'ThemeState',
  'ThemeVariableName',
  'ThemeVariables',
  'toCaipNetworkId',
  'TransactionRequest',
  'TRANSLATED_LOCALES',
  'TranslatedLocale',
  'UserRejectedRequestError',
  'ViewName',
  'ViewRegistry',
  'WALLET_CONNECT_CONNECTOR_ID',
])

/** Exported object types whose every member must be documented too (a dApp reads them field by field). */
const MEMBER_CHECKED_CORE_TYPES = new Set(['Portico', 'CreatePorticoOptions', 'Connection', 'Network'])

const hasDoc = (parts: ts.SymbolDisplayPart[]) => ts.displayPartsToString(parts).trim().length > 0

const hasJsDoc = (node: ts.Node) => ts.getJSDocCommentsAndTags(node).some((doc) => ts.isJSDoc(doc))

function createProgram(files: readonly string[]): ts.Program {
  const { config } = ts.readConfigFile(join(root, 'tsconfig.base.json'), ts.sys.readFile)
  const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, root)
  const program = ts.createProgram(files, { ...options, noEmit: true })
  // The checker binds the files, which sets the parent links doc comments are found through.
  program.getTypeChecker()
  return program
}

/** The declarations an index file exports, by exported name (re-exports resolved to where they are declared). */
function exportsOf(program: ts.Program, indexFile: string): Map<string, ts.Symbol> {
  const checker = program.getTypeChecker()
  const file = program.getSourceFile(indexFile)
  const module = file && checker.getSymbolAtLocation(file)
  if (!module) throw new Error(`${indexFile} is not a module`)
  return new Map(
    checker
      .getExportsOfModule(module)
      .map((symbol) => [
        symbol.name,
        symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol,
      ]),
  )
}

/** Exported names of `indexFile` without a doc comment (only those in `names`, when given). */
export function undocumentedExports(
  program: ts.Program,
  indexFile: string,
  names?: ReadonlySet<string>,
): string[] {
  const checker = program.getTypeChecker()
  return [...exportsOf(program, indexFile)]
    .filter(([name]) => !names || names.has(name))
    .filter(([, symbol]) => !hasDoc(symbol.getDocumentationComment(checker)))
    .map(([name]) => name)
}

/**
 * Members without a doc comment of the interfaces and object types `indexFile` exports, as `Type.member`:
 * those declared under `packageDir`, or only those in `names`. Members of a parameter's type are the
 * parameter's to describe.
 */
export function undocumentedMembers(
  program: ts.Program,
  indexFile: string,
  packageDir: string,
  names?: ReadonlySet<string>,
): string[] {
  const found: string[] = []
  for (const [name, symbol] of exportsOf(program, indexFile)) {
    if (names && !names.has(name)) continue
    for (const declaration of symbol.declarations ?? []) {
      if (!declaration.getSourceFile().fileName.startsWith(packageDir)) continue
      if (!ts.isInterfaceDeclaration(declaration) && !ts.isTypeAliasDeclaration(declaration)) continue
      const visit = (node: ts.Node, path: string) => {
        if (ts.isParameter(node) || ts.isTypeReferenceNode(node)) return
        if ((ts.isPropertySignature(node) || ts.isMethodSignature(node)) && node.name) {
          const member = `${path}.${node.name.getText(declaration.getSourceFile())}`
          if (!hasJsDoc(node)) found.push(member)
          ts.forEachChild(node, (child) => visit(child, member))
          return
        }
        ts.forEachChild(node, (child) => visit(child, path))
      }
      ts.forEachChild(declaration, (child) => visit(child, name))
    }
  }
  return [...new Set(found)]
}

const isObjectSchemaCall = (node: ts.Node): node is ts.CallExpression =>
  ts.isCallExpression(node) &&
  ts.isPropertyAccessExpression(node.expression) &&
  ['object', 'strictObject', 'looseObject'].includes(node.expression.name.text)

/** Fields of the zod object schema `variable` (nested objects included) without a doc comment, as paths. */
export function undocumentedSchemaFields(file: ts.SourceFile, variable: string): string[] {
  const found: string[] = []
  const visit = (node: ts.Node, path: string) => {
    if (isObjectSchemaCall(node) && node.arguments[0] && ts.isObjectLiteralExpression(node.arguments[0])) {
      for (const property of node.arguments[0].properties) {
        const key = property.name?.getText(file) ?? '?'
        const field = path ? `${path}.${key}` : key
        if (!hasJsDoc(property)) found.push(field)
        ts.forEachChild(property, (child) => visit(child, field))
      }
      return
    }
    ts.forEachChild(node, (child) => visit(child, path))
  }
  const declaration = file.statements
    .filter(ts.isVariableStatement)
    .flatMap((statement) => statement.declarationList.declarations)
    .find((candidate) => candidate.name.getText(file) === variable)
  if (!declaration?.initializer) throw new Error(`no ${variable} in ${file.fileName}`)
  visit(declaration.initializer, '')
  return found
}

describe('the documented surface', () => {
  const index = (pkg: string) => join(root, 'packages', pkg, 'src/index.ts')
  const configSchema = join(root, 'packages/core/src/config/config-schema.ts')
  let program: ts.Program
  beforeAll(() => {
    program = createProgram([...DAPP_PACKAGES, 'core'].map(index))
  })

  it.each(DAPP_PACKAGES)('every export of @portico/%s has a doc comment', (pkg) => {
    const exported = exportsOf(program, index(pkg))
    expect(exported.size).toBeGreaterThan(3)
    expect(undocumentedExports(program, index(pkg))).toEqual([])
  })

  it.each(DAPP_PACKAGES)('every member of the object types @portico/%s declares has a doc comment', (pkg) => {
    expect(undocumentedMembers(program, index(pkg), join(root, 'packages', pkg, 'src'))).toEqual([])
  })

  it("@portico/core exports the public list, each with a doc comment, and so do Portico's members", () => {
    // An export added to or dropped from the public API must update the list, not slip past the check.
    expect([...exportsOf(program, index('core')).keys()].sort()).toEqual([...DAPP_CORE_EXPORTS].sort())
    expect(undocumentedExports(program, index('core'))).toEqual([])
    expect(
      undocumentedMembers(program, index('core'), join(root, 'packages/core/src'), MEMBER_CHECKED_CORE_TYPES),
    ).toEqual([])
  })

  it('every field of the config a dApp passes has a doc comment', () => {
    const file = program.getSourceFile(configSchema)
    if (!file) throw new Error('config-schema.ts is not in the program')
    expect(undocumentedSchemaFields(file, 'configSchema')).toEqual([])
  })
})

describe('the check itself', () => {
  let dir: string
  let program: ts.Program
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'portico-docs-'))
    writeFileSync(
      join(dir, 'things.ts'),
      [
        '/** Documented. */',
        'export const documented = 1',
        'export const bare = 2',
        '/** Documented, with one bare member. */',
        'export interface Shape {',
        '  /** Documented. */',
        '  width: number',
        '  height: number',
        '  resize(options: { width: number }): void',
        '}',
        "import * as z from 'zod/mini'",
        'export const schema = z.object({',
        '  /** Documented. */',
        '  name: z.string(),',
        '  size: z.number(),',
        '  nested: z.optional(',
        '    z.object({',
        '      /** Documented. */',
        '      a: z.string(),',
        '      b: z.string(),',
        '    }),',
        '  ),',
        '})',
      ].join('\n'),
    )
    writeFileSync(join(dir, 'index.ts'), "export { bare, documented, type Shape } from './things.js'\n")
    program = createProgram([join(dir, 'index.ts')])
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('reports an export without a doc comment, through a re-export', () => {
    expect(undocumentedExports(program, join(dir, 'index.ts'))).toEqual(['bare'])
    expect(undocumentedExports(program, join(dir, 'index.ts'), new Set(['documented']))).toEqual([])
  })

  it("reports an exported type's bare member, not its parameters' members", () => {
    expect(undocumentedMembers(program, join(dir, 'index.ts'), dir)).toEqual(['Shape.height', 'Shape.resize'])
  })

  it('reports a schema field without a doc comment, nested ones too', () => {
    const file = program.getSourceFile(join(dir, 'things.ts'))
    if (!file) throw new Error('no fixture')
    expect(undocumentedSchemaFields(file, 'schema')).toEqual(['size', 'nested', 'nested.b'])
  })
})
