import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'

/** A SOL or SPL token transfer for `transferTransaction`. */
export interface TransferRequest {
  /** The sender, who signs and pays the fee. */
  from: Address
  /** The recipient's wallet address (not its token account). */
  to: Address
  /** Base units: lamports for SOL, the token's smallest unit for an SPL token. */
  amount: bigint
  /** Absent for SOL. */
  token?:
    | {
        /** The token's mint address. */
        mint: Address
        /** The token's decimals, as its mint says. */
        decimals: number
      }
    | undefined
  /** A recent blockhash of the cluster and the last block height it is valid for. */
  lifetime: {
    /** A recent blockhash. */
    blockhash: Blockhash
    /** The last block height the transaction may land in. */
    lastValidBlockHeight: bigint
  }
}

/**
 * The unsigned wire transaction of a SOL or SPL token transfer, for a wallet to sign (and send). A token
 * transfer first creates the recipient's associated token account if it has none, paid by the sender,
 * so sending USDC to a fresh address works.
 */
export async function transferTransaction(request: TransferRequest): Promise<Uint8Array> {
  const sender = createNoopSigner(request.from)
  const instructions: Instruction[] = []
  if (request.token) {
    const { mint, decimals } = request.token
    const [[source], [destination]] = await Promise.all([
      findAssociatedTokenPda({ owner: request.from, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
      findAssociatedTokenPda({ owner: request.to, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
    ])
    instructions.push(
      getCreateAssociatedTokenIdempotentInstruction({
        payer: sender,
        ata: destination,
        owner: request.to,
        mint,
      }),
      getTransferCheckedInstruction({
        source,
        mint,
        destination,
        authority: sender,
        amount: request.amount,
        decimals,
      }),
    )
  } else {
    instructions.push(
      getTransferSolInstruction({ source: sender, destination: request.to, amount: request.amount }),
    )
  }
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(sender, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(request.lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}
