import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Abi, Hex } from 'viem'

export type CompiledContract = {
  contractName: string
  abi: Abi
  bytecode: Hex
  compilerVersion: string
  /** sha256 over the compiler version and every source file the compiler read. */
  sourceHash: string
}

const require = createRequire(import.meta.url)
const contractsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'contracts')
/** The npm packages contracts may import from, by import prefix. */
const importRoots: ReadonlyArray<readonly [prefix: string, dir: string]> = [
  ['@openzeppelin/contracts/', dirname(require.resolve('@openzeppelin/contracts/package.json'))],
  [
    '@account-abstraction/contracts/',
    dirname(require.resolve('@account-abstraction/contracts/package.json')),
  ],
]

type SolcOutput = {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[]
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
}

/** Compiles contracts/<name>.sol with solc-js, fully offline (imports come from node_modules). */
export async function compileContract(contractName: string): Promise<CompiledContract> {
  // solc-js is ~9 MB of emscripten; load it only when a compile is really needed.
  const { default: solc } = await import('solc')
  const entry = `${contractName}.sol`
  const readSources = new Map<string, string>([[entry, readFileSync(join(contractsDir, entry), 'utf8')]])

  const findImport = (path: string): { contents: string } | { error: string } => {
    const root = importRoots.find(([prefix]) => path.startsWith(prefix))
    if (!root) return { error: `import outside OpenZeppelin and account-abstraction: ${path}` }
    try {
      const contents = readFileSync(join(root[1], path.slice(root[0].length)), 'utf8')
      readSources.set(path, contents)
      return { contents }
    } catch (error) {
      return { error: `cannot read ${path}: ${(error as Error).message}` }
    }
  }

  const input = {
    language: 'Solidity',
    sources: { [entry]: { content: readSources.get(entry) } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) {
    throw new Error(`solc failed for ${entry}:\n${errors.map((e) => e.formattedMessage).join('\n')}`)
  }
  const compiled = output.contracts?.[entry]?.[contractName]
  if (!compiled) throw new Error(`solc produced no contract ${contractName} in ${entry}`)

  const compilerVersion: string = solc.version()
  const hash = createHash('sha256').update(compilerVersion)
  for (const [path, contents] of [...readSources].sort(([a], [b]) => a.localeCompare(b))) {
    hash.update(`\0${path}\0${contents}`)
  }
  return {
    contractName,
    abi: compiled.abi,
    bytecode: `0x${compiled.evm.bytecode.object}`,
    compilerVersion,
    sourceHash: hash.digest('hex'),
  }
}
