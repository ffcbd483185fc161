import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { StackUrls } from '@portico/stack'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { approveInWallet } from './fixtures.js'

/** Where the consumer app's wagmi-sent transfer goes: an address no dev account uses. */
export const CONSUMER_RECIPIENT = '0x000000000000000000000000000000000000dEaD'
export const CONSUMER_MESSAGE = 'Hello from a fresh Vite app'

const repoRoot = join(import.meta.dirname, '..')

/** The version this repository installs of `name`: in the npm cache already, and known to work. */
async function installedVersion(name: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8'))
  return manifest.version as string
}

/** The versions this repository installs of `names`, for a consumer app's package.json. */
export async function installedVersions(names: readonly string[]): Promise<Record<string, string>> {
  return Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, await installedVersion(name)])),
  )
}

/**
 * Components that sign (verifying the signature with viem) and send 0.5 ETH through wagmi's hooks, for
 * a consumer app's source: it defines `MESSAGE`, `RECIPIENT` and the imports they use.
 */
export const WAGMI_ACTIONS_TSX = `function SignMessage({ address }: { address: Address }) {
  const { signMessage, data: signature, error } = useSignMessage()
  const [verdict, setVerdict] = useState<string>()
  useEffect(() => {
    if (!signature) return
    verifyMessage({ address, message: MESSAGE, signature }).then(
      (valid) => setVerdict(valid ? 'verified' : 'invalid'),
      () => setVerdict('invalid'),
    )
  }, [address, signature])
  return (
    <p>
      <button type="button" onClick={() => signMessage({ message: MESSAGE })}>
        Sign a message
      </button>
      <output data-testid="signed">{verdict ?? error?.message ?? '-'}</output>
    </p>
  )
}

function SendTransaction() {
  const { sendTransaction, data: hash, error } = useSendTransaction()
  const receipt = useWaitForTransactionReceipt({ hash })
  return (
    <p>
      <button type="button" onClick={() => sendTransaction({ to: RECIPIENT, value: parseEther('0.5') })}>
        Send 0.5 ETH
      </button>
      <output data-testid="sent">{receipt.data?.status ?? error?.message ?? '-'}</output>
    </p>
  )
}
`

/**
 * Drives WAGMI_ACTIONS_TSX's buttons in a consumer app: signs (verified with viem) and sends 0.5 ETH, each
 * approved in the test wallet. Answers the milliseconds from the send's approval to Portico's balance
 * changing, which must be within 5 s.
 */
export async function signAndSendThroughWagmi(page: Page): Promise<number> {
  const text = (testId: string) => async () => (await page.getByTestId(testId).textContent()) ?? ''
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await approveInWallet(page)
  await expect.poll(text('signed'), { timeout: 15_000 }).toBe('verified')
  const before = await text('portico-balance')()
  await page.getByRole('button', { name: 'Send 0.5 ETH' }).click()
  await approveInWallet(page)
  const approvedAt = Date.now()
  await expect.poll(text('portico-balance'), { timeout: 5_000, interval: 50 }).not.toBe(before)
  const followedMs = Date.now() - approvedAt
  await expect.poll(text('sent'), { timeout: 15_000 }).toBe('success')
  return followedMs
}

const MAIN_TSX = `import { setLocale } from '@portico/core'
import { evm, porticoWagmiConfig } from '@portico/evm'
import { ConnectButton, createPortico, PorticoProvider, useAccount } from '@portico/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { type Address, parseEther, verifyMessage } from 'viem'
import {
  useConnection,
  useSendTransaction,
  useSignMessage,
  useWaitForTransactionReceipt,
  WagmiProvider,
} from 'wagmi'

const RECIPIENT: Address = '${CONSUMER_RECIPIENT}'
const MESSAGE = '${CONSUMER_MESSAGE}'

// One Portico instance, shared by Portico's provider and wagmi's config.
const portico = createPortico({
  projectId: 'fresh-vite-app',
  networks: [1, 10],
  adapters: [evm()],
  enableEIP6963: true,
  devnetUrl: import.meta.env.VITE_PORTICO_DEVNET_URL,
  explorerUrl: import.meta.env.VITE_PORTICO_EXPLORER_URL,
  chainApiUrl: import.meta.env.VITE_PORTICO_CHAIN_API_URL,
  relayUrl: import.meta.env.VITE_PORTICO_RELAY_URL,
  authUrl: import.meta.env.VITE_PORTICO_AUTH_URL,
  metadata: { name: 'Fresh Vite app', description: 'Portico from a registry', url: location.origin },
})
const wagmiConfig = porticoWagmiConfig({ portico })
const queryClient = new QueryClient()

declare module 'wagmi' {
  interface Register {
    config: typeof wagmiConfig
  }
}

function PorticoBalance() {
  const { formattedBalance } = useAccount()
  return <output data-testid="portico-balance">{formattedBalance ?? '-'}</output>
}

${WAGMI_ACTIONS_TSX}
function Wallet() {
  const { status, address } = useConnection()
  return (
    <main>
      <h1>Fresh Vite app</h1>
      <ConnectButton />
      <button type="button" onClick={() => setLocale('de')}>
        Deutsch
      </button>
      <p>
        wagmi: <output data-testid="wagmi-status">{status}</output>{' '}
        <output data-testid="wagmi-address">{address ?? '-'}</output>
      </p>
      <p>
        Portico: <PorticoBalance />
      </p>
      {address ? (
        <>
          <SignMessage address={address} />
          <SendTransaction />
        </>
      ) : null}
    </main>
  )
}

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <PorticoProvider portico={portico}>
          <Wallet />
        </PorticoProvider>
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)
`

const VITE_ENV_D_TS = `/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_PORTICO_DEVNET_URL: string
  readonly VITE_PORTICO_EXPLORER_URL: string
  readonly VITE_PORTICO_CHAIN_API_URL: string
  readonly VITE_PORTICO_RELAY_URL: string
  readonly VITE_PORTICO_AUTH_URL: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
`

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Fresh Vite app</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`

// The manifest is the one addition to Vite's defaults: the test reads from it which chunks come from
// which package file and which the first paint loads.
const VITE_CONFIG = `import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  build: { manifest: true },
})
`

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    module: 'ESNext',
    moduleResolution: 'bundler',
    jsx: 'react-jsx',
    strict: true,
    noUncheckedIndexedAccess: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    verbatimModuleSyntax: true,
    isolatedModules: true,
    noEmit: true,
    skipLibCheck: true,
  },
  include: ['src'],
}

/**
 * Writes a new Vite + React 19 + TypeScript (strict) app into `dir`, as a dApp team would start one:
 * its own package.json asking for Portico's packages at `porticoVersion` beside wagmi, viem and TanStack
 * Query, index.html, src/main.tsx, and a `.env` pointing Portico at the stack's services.
 */
export async function writeConsumerApp(dir: string, porticoVersion: string, urls: StackUrls): Promise<void> {
  await mkdir(join(dir, 'src'), { recursive: true })
  const packageJson = {
    name: 'fresh-vite-app',
    private: true,
    version: '0.0.0',
    type: 'module',
    scripts: { typecheck: 'tsc --noEmit', build: 'vite build' },
    dependencies: {
      '@portico/core': porticoVersion,
      '@portico/evm': porticoVersion,
      '@portico/react': porticoVersion,
      ...(await installedVersions(['@tanstack/react-query', 'react', 'react-dom', 'viem', 'wagmi'])),
    },
    devDependencies: await installedVersions([
      '@types/react',
      '@types/react-dom',
      '@vitejs/plugin-react',
      'typescript',
      'vite',
    ]),
  }
  const env = [
    `VITE_PORTICO_DEVNET_URL=${urls.devnet}`,
    `VITE_PORTICO_EXPLORER_URL=${urls.explorer}`,
    `VITE_PORTICO_CHAIN_API_URL=${urls.chainApi}`,
    `VITE_PORTICO_RELAY_URL=${urls.relay}`,
    `VITE_PORTICO_AUTH_URL=${urls.auth}`,
  ]
  await Promise.all([
    writeFile(join(dir, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`),
    writeFile(join(dir, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`),
    writeFile(join(dir, 'vite.config.ts'), VITE_CONFIG),
    writeFile(join(dir, 'index.html'), INDEX_HTML),
    writeFile(join(dir, '.env'), `${env.join('\n')}\n`),
    writeFile(join(dir, 'src/main.tsx'), MAIN_TSX),
    writeFile(join(dir, 'src/vite-env.d.ts'), VITE_ENV_D_TS),
  ])
}
