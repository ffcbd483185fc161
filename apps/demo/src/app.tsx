import type { Portico } from '@portico/core'
import { ConnectButton, NetworkButton, PorticoProvider } from '@portico/react'
import { lazy, type ReactNode, Suspense } from 'react'
import { AccountCard } from './account-card.js'
import { ConsoleHandle } from './console-handle.js'
import { OwnOpenButton, ownButton } from './own-open-button.js'
import { porticoConfig } from './portico-config.js'
import { SendTransactionCard } from './send-transaction-card.js'
import { SignMessageCard } from './sign-message-card.js'
import { SiweOffCard } from './siwe-off-card.js'
import { siweEnabled } from './siwe-switch.js'
import { ThemeToggle } from './theme-toggle.js'

// With `?siwe=1` only: the SIWE card and the demo's SIWE client (viem's message formatter) load then.
const SiweCard = lazy(() => import('./siwe-card.js'))

export interface AppProps {
  /** A Portico instance shared with something else on the page (wagmi's config, `?wagmi=1`). */
  portico?: Portico | undefined
  /** More cards, after the demo's own. */
  children?: ReactNode
}

export function App({ portico, children }: AppProps) {
  const provider = portico ? { portico } : { config: porticoConfig }
  return (
    <PorticoProvider {...provider}>
      <ConsoleHandle />
      <header className="top">
        <a className="brand" href="/">
          <span className="logo" aria-hidden="true">
            P
          </span>
          Portico demo
        </a>
        <nav className="actions" aria-label="Wallet">
          <ThemeToggle />
          {ownButton ? (
            <OwnOpenButton />
          ) : (
            <>
              <NetworkButton />
              <ConnectButton />
            </>
          )}
        </nav>
      </header>
      <main>
        <section className="hero">
          <h1>Connect a wallet in one click</h1>
          <p>
            This page uses only Portico's public API. Everything runs on your machine: a six-chain devnet, the
            services and a test wallet.
          </p>
        </section>
        <div className="grid">
          <AccountCard />
          <SignMessageCard />
          <SendTransactionCard />
          {siweEnabled ? (
            <Suspense fallback={null}>
              <SiweCard />
            </Suspense>
          ) : (
            <SiweOffCard />
          )}
          {children}
        </div>
      </main>
    </PorticoProvider>
  )
}
