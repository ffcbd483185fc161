import { type Connection, type Network, PorticoError, WALLET_CONNECT_CONNECTOR_ID } from '@portico/core'
import type { AdapterContext } from '@portico/core/internal'
import { sendThroughRoute } from './route-send.js'
import type { SolanaSendOptions } from './send-options.js'
import { createWalletConnectSolanaSigner } from './walletconnect-solana-signer.js'

/**
 * Which of the Solana adapter's calls go to the WalletConnect session: those for a Solana connection of the
 * WalletConnect connector, whether the pairing made it (beside the EVM one) or this adapter restored it.
 * Each call returns undefined when the connection is another wallet's, and the adapter serves it itself.
 */
export function walletConnectRoute(
  context: AdapterContext,
  clusters: readonly Network[],
  hooks: {
    /** Broadcasts a signed wire transaction on a cluster (chain id: the CAIP-2 reference). */
    send(wire: Uint8Array, chainId: string, options: SolanaSendOptions): Promise<string>
    /** The wallet ended the session. */
    onEnd(): void
  },
) {
  const signer = createWalletConnectSolanaSigner({
    session: () => {
      if (!context.walletConnect) throw new PorticoError('ADAPTER_MISSING', 'WalletConnect is not set up.')
      return context.walletConnect()
    },
    networks: clusters,
    send: (wire, caipNetworkId, options) => hooks.send(wire, caipNetworkId.slice('solana:'.length), options),
  })
  /** The session's connection as this adapter last made or restored it. */
  let own: Connection | undefined
  let watching = false

  const watchEnd = () => {
    if (watching) return
    watching = true
    // Only while the kernel's Solana connection is the session's: an old session's end is no news.
    signer
      .onEnd(() => {
        if (served()) hooks.onEnd()
      })
      .catch(() => {
        watching = false
      })
  }
  /** The connection calls are for: the kernel's Solana connection, when it is the session's. */
  const served = (): Connection | undefined => {
    const connection = context.connectionOf?.('solana') ?? own
    if (connection?.connectorId !== WALLET_CONNECT_CONNECTOR_ID) return undefined
    watchEnd()
    return connection
  }
  const opened = (connection: Connection | undefined) => {
    own = connection
    if (connection) watchEnd()
    return connection
  }

  return {
    async connect(chainId: string): Promise<Connection> {
      const connection = opened(await signer.connect(chainId))
      if (!connection) throw new PorticoError('CONNECTOR_NOT_FOUND', 'The wallet approved no Solana account.')
      return connection
    },
    /** The session kept in browser storage, on the remembered cluster; undefined once it has ended. */
    async reconnect(): Promise<Connection | undefined> {
      const remembered = context.connectionOf?.('solana')?.chainId
      try {
        return opened(await signer.connect(remembered === undefined ? undefined : String(remembered)))
      } catch {
        return undefined
      }
    },
    async disconnect(): Promise<void> {
      if (!served() && !own) return
      own = undefined
      await signer.disconnect().catch(() => {})
    },
    switchChain(chainId: string) {
      if (own) own = { ...own, chainId }
    },
    signMessage(message: string): Promise<string> | undefined {
      const connection = served()
      if (!connection) return undefined
      return signer.signMessage(message, connection.accounts[0] as string, `solana:${connection.chainId}`)
    },
    /** Builds the transaction for the session's account and cluster, then has the wallet sign and send it. */
    sendTransaction(
      build: (from: string, chainId: string) => Promise<Uint8Array>,
    ): Promise<string> | undefined {
      return sendThroughRoute(served(), signer, build)
    },
  }
}
