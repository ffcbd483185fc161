// Browser entry of solana-wallet.browser.test.ts: the package and the test wallet, driven through `window`.
import { registerSolanaTestWallet } from '@portico/wallet/solana'
import { address, createSolanaRpc } from '@solana/kit'
import { type SolanaWalletEntry, watchSolanaWallets } from '../discover-solana-wallets.js'
import { createSolanaWalletSession, type SolanaWalletSession } from '../solana-wallet-session.js'
import { transferTransaction } from '../transfer-transaction.js'

const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

export interface WalletTestPage {
  listed: { name: string; chains: string[] }[]
  portico: {
    watch(): void
    register(rpcBase: string, accountIndex: number): Promise<void>
    connect(): Promise<readonly string[]>
    signMessage(text: string): Promise<string>
    send(
      rpcUrl: string,
      to: string,
      amount: string,
      token?: { mint: string; decimals: number },
    ): Promise<string>
    badOptions(): Promise<string>
  }
}

let session: SolanaWalletSession | undefined
let wallets: readonly SolanaWalletEntry[] = []
const page = window as unknown as WalletTestPage
page.listed = []
page.portico = {
  // The app looks for wallets before the wallet registers: the standard's handshake must still list it.
  watch: () => {
    watchSolanaWallets((list) => {
      wallets = list
      page.listed = list.map((entry) => ({ name: entry.name, chains: [...entry.chains] }))
    })
  },
  register: (rpcBase, accountIndex) =>
    registerSolanaTestWallet({ rpcBase, accountIndex, origin: location.origin, approve: async () => true }),
  connect: () => {
    const first = wallets[0]
    if (!first) throw new Error('no Solana wallet listed')
    session = createSolanaWalletSession(first.wallet)
    return session.connect()
  },
  signMessage: (text) => (session as SolanaWalletSession).signMessage(text),
  send: async (rpcUrl, to, amount, token) => {
    const active = session as SolanaWalletSession
    const { value } = await createSolanaRpc(rpcUrl).getLatestBlockhash().send()
    const wire = await transferTransaction({
      from: address(active.addresses()[0] as string),
      to: address(to),
      amount: BigInt(amount),
      token: token && { mint: address(token.mint), decimals: token.decimals },
      lifetime: value,
    })
    return active.signAndSendTransaction(wire, DEVNET, { preflightCommitment: 'confirmed' })
  },
  badOptions: () =>
    (session as SolanaWalletSession)
      .signAndSendTransaction(new Uint8Array(), DEVNET, { maxRetries: -1 })
      .then(
        () => 'sent',
        (error: { code?: string }) => error.code ?? 'unknown',
      ),
}
