import type { Connection } from '@portico/core'

/** A signer that signs and sends a wire transaction for an account on a cluster (`solana:<reference>`). */
export interface SignAndSend {
  signAndSendTransaction(transaction: Uint8Array, from: string, chain: string): Promise<string>
}

/**
 * Builds the transaction for the routed connection's account and cluster, then has its signer (the wallet
 * frame, a WalletConnect session) sign and send it; undefined when the route serves no connection.
 */
export function sendThroughRoute(
  connection: Connection | undefined,
  signer: SignAndSend,
  build: (from: string, chainId: string) => Promise<Uint8Array>,
): Promise<string> | undefined {
  if (!connection) return undefined
  const from = connection.accounts[0] as string
  const chainId = String(connection.chainId)
  return build(from, chainId).then((transaction) =>
    signer.signAndSendTransaction(transaction, from, `solana:${chainId}`),
  )
}
