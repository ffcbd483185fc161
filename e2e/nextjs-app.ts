import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { StackUrls } from '@portico/stack'
import { CONSUMER_RECIPIENT, installedVersions, WAGMI_ACTIONS_TSX } from './consumer-app.js'

export const NEXT_MESSAGE = 'Hello from a Next.js app'

/** The Next.js release the example is written for (App Router, React 19). */
export const NEXT_VERSION = '16.4.6'

// Shared by the server (layout.tsx reads the cookies with it) and the browser (providers.tsx).
const PORTICO_TS = `import { type Portico, type PorticoConfigInput } from '@portico/core'
import { evm, porticoWagmiConfig } from '@portico/evm'
import { cookieStorage, createStorage } from 'wagmi'

export const porticoConfig: PorticoConfigInput = {
  projectId: 'next-ssr-app',
  networks: [1, 10],
  adapters: [evm()],
  enableEIP6963: true,
  devnetUrl: process.env.NEXT_PUBLIC_PORTICO_DEVNET_URL,
  explorerUrl: process.env.NEXT_PUBLIC_PORTICO_EXPLORER_URL,
  chainApiUrl: process.env.NEXT_PUBLIC_PORTICO_CHAIN_API_URL,
  relayUrl: process.env.NEXT_PUBLIC_PORTICO_RELAY_URL,
  authUrl: process.env.NEXT_PUBLIC_PORTICO_AUTH_URL,
}

/** wagmi's side of SSR: its state in a cookie too, read back on the server with wagmi's cookieToInitialState. */
export function wagmiConfigFor(portico: Portico) {
  return porticoWagmiConfig({ portico, ssr: true, storage: createStorage({ storage: cookieStorage }) })
}
`

const LAYOUT_TSX = `import { cookieToInitialState, createPortico } from '@portico/core'
import type { Metadata } from 'next'
import { headers } from 'next/headers'
import type { ReactNode } from 'react'
import { cookieToInitialState as wagmiCookieToInitialState } from 'wagmi'
import { porticoConfig, wagmiConfigFor } from './portico'
import { Providers } from './providers'

export const metadata: Metadata = { title: 'Next.js app' }

export default async function RootLayout({ children }: { children: ReactNode }) {
  const cookie = (await headers()).get('cookie')
  const porticoState = cookieToInitialState(cookie)
  const wagmiState = wagmiCookieToInitialState(wagmiConfigFor(createPortico(porticoConfig)), cookie)
  return (
    <html lang="en">
      <body>
        <Providers porticoState={porticoState} wagmiState={wagmiState}>
          {children}
        </Providers>
      </body>
    </html>
  )
}
`

const PROVIDERS_TSX = `'use client'
import { cookieStorage, type PorticoInitialState } from '@portico/core'
import { createPortico, PorticoProvider } from '@portico/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { type State, WagmiProvider } from 'wagmi'
import { porticoConfig, wagmiConfigFor } from './portico'

export function Providers(props: {
  children: ReactNode
  porticoState: PorticoInitialState | undefined
  wagmiState: State | undefined
}) {
  // One Portico instance per request on the server and one per page in the browser, shared with wagmi.
  const [{ portico, wagmiConfig, queryClient }] = useState(() => {
    const portico = createPortico(porticoConfig, { storage: cookieStorage, initialState: props.porticoState })
    return { portico, wagmiConfig: wagmiConfigFor(portico), queryClient: new QueryClient() }
  })
  return (
    <WagmiProvider config={wagmiConfig} initialState={props.wagmiState}>
      <QueryClientProvider client={queryClient}>
        <PorticoProvider portico={portico}>{props.children}</PorticoProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
`

const PAGE_TSX = `'use client'
import { ConnectButton, useAccount } from '@portico/react'
import { useEffect, useState } from 'react'
import { type Address, parseEther, verifyMessage } from 'viem'
import { useConnection, useSendTransaction, useSignMessage, useWaitForTransactionReceipt } from 'wagmi'

const RECIPIENT: Address = '${CONSUMER_RECIPIENT}'
const MESSAGE = '${NEXT_MESSAGE}'

${WAGMI_ACTIONS_TSX}
export default function Home() {
  const portico = useAccount()
  const wagmi = useConnection()
  // Says when the page is interactive: a click before hydration reaches no handler.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return (
    <main data-hydrated={hydrated}>
      <h1>Next.js app</h1>
      <ConnectButton />
      <p>
        Portico: <output data-testid="portico-address">{portico.address ?? '-'}</output>{' '}
        <output data-testid="portico-balance">{portico.formattedBalance ?? '-'}</output>
      </p>
      <p>
        wagmi: <output data-testid="wagmi-status">{wagmi.status}</output>{' '}
        <output data-testid="wagmi-address">{wagmi.address ?? '-'}</output>
      </p>
      {wagmi.status === 'connected' ? (
        <>
          <SignMessage address={wagmi.address} />
          <SendTransaction />
        </>
      ) : null}
    </main>
  )
}
`

// A tab icon of its own: the browser's request for /favicon.ico would otherwise log a 404 in the console.
const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="4" fill="#3b82f6"/></svg>
`

const NEXT_CONFIG = `/** @type {import('next').NextConfig} */
export default {}
`

// create-next-app's, with strict checks on.
const TSCONFIG = {
  compilerOptions: {
    target: 'ES2020',
    lib: ['dom', 'dom.iterable', 'esnext'],
    skipLibCheck: true,
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    esModuleInterop: true,
    module: 'esnext',
    moduleResolution: 'bundler',
    resolveJsonModule: true,
    isolatedModules: true,
    jsx: 'react-jsx',
    incremental: true,
    plugins: [{ name: 'next' }],
  },
  include: ['next-env.d.ts', '**/*.ts', '**/*.tsx', '.next/types/**/*.ts'],
  exclude: ['node_modules'],
}

/**
 * Writes a new Next.js App Router app (TypeScript, strict) into \`dir\` that renders a returning visitor's
 * account on the server: the root layout reads the request's cookies into Portico's and wagmi's initial
 * state, a client component creates Portico with the cookie storage and wagmi's config from it, and the
 * page connects, signs and sends through wagmi hooks.
 */
export async function writeNextApp(dir: string, porticoVersion: string, urls: StackUrls): Promise<void> {
  await mkdir(join(dir, 'app'), { recursive: true })
  const packageJson = {
    name: 'next-ssr-app',
    private: true,
    version: '0.0.0',
    scripts: { build: 'next build', start: 'next start', typecheck: 'tsc --noEmit' },
    dependencies: {
      '@portico/core': porticoVersion,
      '@portico/evm': porticoVersion,
      '@portico/react': porticoVersion,
      next: NEXT_VERSION,
      ...(await installedVersions(['@tanstack/react-query', 'react', 'react-dom', 'viem', 'wagmi'])),
    },
    devDependencies: await installedVersions([
      '@types/node',
      '@types/react',
      '@types/react-dom',
      'typescript',
    ]),
  }
  const env = [
    `NEXT_PUBLIC_PORTICO_DEVNET_URL=${urls.devnet}`,
    `NEXT_PUBLIC_PORTICO_EXPLORER_URL=${urls.explorer}`,
    `NEXT_PUBLIC_PORTICO_CHAIN_API_URL=${urls.chainApi}`,
    `NEXT_PUBLIC_PORTICO_RELAY_URL=${urls.relay}`,
    `NEXT_PUBLIC_PORTICO_AUTH_URL=${urls.auth}`,
  ]
  await Promise.all([
    writeFile(join(dir, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`),
    writeFile(join(dir, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`),
    writeFile(join(dir, 'next.config.mjs'), NEXT_CONFIG),
    writeFile(join(dir, '.env'), `${env.join('\n')}\n`),
    writeFile(join(dir, 'app/portico.ts'), PORTICO_TS),
    writeFile(join(dir, 'app/layout.tsx'), LAYOUT_TSX),
    writeFile(join(dir, 'app/providers.tsx'), PROVIDERS_TSX),
    writeFile(join(dir, 'app/page.tsx'), PAGE_TSX),
    writeFile(join(dir, 'app/icon.svg'), ICON_SVG),
  ])
}
