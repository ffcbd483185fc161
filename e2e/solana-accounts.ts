import { SOLANA_USDC, type SolanaClusterName, solanaDevSigner } from '@portico/devnet'
import { transferTransaction } from '@portico/solana'
import {
  type Address,
  address,
  createSolanaRpc,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  lamports,
  type Signature,
  signTransaction,
} from '@solana/kit'
import { stack } from './fixtures.js'

/** The dev key whose SOL and USDC start other Solana visitors' balances (funded, and no test connects it). */
const FUNDING_KEY_INDEX = 8

export const solanaRpc = (cluster: SolanaClusterName = 'devnet') =>
  createSolanaRpc(`${stack().solanaDevnet.replace(/\/$/, '')}/${cluster}`)

/** A new address nobody holds: the receiver of a send, so what it receives is the send alone. */
export async function freshSolanaAddress(): Promise<Address> {
  return (await generateKeyPairSigner()).address
}

export async function solOf(owner: string, cluster?: SolanaClusterName): Promise<bigint> {
  const { value } = await solanaRpc(cluster).getBalance(address(owner), { commitment: 'confirmed' }).send()
  return value
}

/** USDC base units `owner` holds over its token accounts (0 without any). */
export async function usdcOf(owner: string, cluster?: SolanaClusterName): Promise<bigint> {
  const { value } = await solanaRpc(cluster)
    .getTokenAccountsByOwner(
      address(owner),
      { mint: SOLANA_USDC.mint },
      { encoding: 'jsonParsed', commitment: 'confirmed' },
    )
    .send()
  return value.reduce(
    (sum, { account }) =>
      sum +
      BigInt(
        (account.data as { parsed: { info: { tokenAmount: { amount: string } } } }).parsed.info.tokenAmount
          .amount,
      ),
    0n,
  )
}

async function confirmed(signature: Signature, cluster?: SolanaClusterName): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { value } = await solanaRpc(cluster).getSignatureStatuses([signature]).send()
    const status = value[0]
    if (status?.err) throw new Error(`${signature} failed: ${JSON.stringify(status.err)}`)
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${signature} was not confirmed`)
}

/**
 * Pays `to` a starting balance on a local cluster: SOL from its faucet, USDC (whole units) from the funding
 * dev key; resolves once both have landed.
 */
export async function fundOnSolana(
  to: string,
  amounts: { sol: number; usdc?: number },
  cluster: SolanaClusterName = 'devnet',
): Promise<void> {
  const rpc = solanaRpc(cluster)
  const signatures = [
    await rpc.requestAirdrop(address(to), lamports(BigInt(amounts.sol) * 1_000_000_000n)).send(),
  ]
  if (amounts.usdc) {
    const funder = await solanaDevSigner(FUNDING_KEY_INDEX)
    const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
    const unsigned = await transferTransaction({
      from: funder.address,
      to: address(to),
      amount: BigInt(amounts.usdc) * 10n ** BigInt(SOLANA_USDC.decimals),
      token: { mint: SOLANA_USDC.mint, decimals: SOLANA_USDC.decimals },
      lifetime,
    })
    const signed = await signTransaction([funder.keyPair], getTransactionDecoder().decode(unsigned))
    signatures.push(
      await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send(),
    )
  }
  for (const signature of signatures) await confirmed(signature, cluster)
}
