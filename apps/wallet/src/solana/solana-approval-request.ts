/** What the Solana side of the test wallet asks the user before acting. */
export interface SolanaApprovalRequest {
  readonly kind:
    | 'solana-connect'
    | 'solana-sign-message'
    | 'solana-sign-transaction'
    | 'solana-send-transaction'
  /** The site asking. */
  readonly origin: string
  readonly address: string
  /** The wallet-standard chain, e.g. `solana:devnet`; undefined for a connect or a message. */
  readonly chain: string | undefined
  /** The message as text, or a one-line summary of the transaction. */
  readonly summary: string
}
