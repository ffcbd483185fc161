import { type Address, lamports } from '@solana/kit'
import {
  AccountState,
  findAssociatedTokenPda,
  getMintEncoder,
  getTokenEncoder,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import type { LiteSVM } from 'litesvm'
import {
  SOLANA_DEV_ADDRESSES,
  SOLANA_DEV_KEY_BALANCE_SOL,
  SOLANA_DEV_KEY_BALANCE_USDC,
  SOLANA_MINT_AUTHORITY_INDEX,
} from './dev-keys.js'
import { FAUCET_LAMPORTS } from './faucet.js'
import { MINT_SIZE, TOKEN_ACCOUNT_SIZE } from './spl-token-accounts.js'
import { SOLANA_USDC } from './usdc.js'

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address
const LAMPORTS_PER_SOL = 1_000_000_000n

/** The associated token account of `owner` for the seeded USDC mint. */
export async function usdcTokenAccount(owner: Address): Promise<Address> {
  const [address] = await findAssociatedTokenPda({
    owner,
    mint: SOLANA_USDC.mint,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  return address
}

/**
 * Seeds a fresh cluster (a restored one keeps its own state): the faucet, SOL for every dev key, the USDC
 * mint (authority: dev key 9) and each dev key's USDC in its associated token account. Written as accounts,
 * not transactions, so the history starts empty.
 */
export async function seedCluster(svm: LiteSVM, faucet: Address): Promise<void> {
  const system = (address: Address, amount: bigint) =>
    svm.setAccount({
      address,
      lamports: lamports(amount),
      data: new Uint8Array(0),
      programAddress: SYSTEM_PROGRAM,
      executable: false,
      space: 0n,
    })
  system(faucet, FAUCET_LAMPORTS)
  const perKey = BigInt(SOLANA_DEV_KEY_BALANCE_USDC) * 10n ** BigInt(SOLANA_USDC.decimals)
  const mintAuthority = SOLANA_DEV_ADDRESSES[SOLANA_MINT_AUTHORITY_INDEX] as Address
  svm.setAccount({
    address: SOLANA_USDC.mint,
    lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(MINT_SIZE))),
    data: Uint8Array.from(
      getMintEncoder().encode({
        mintAuthority,
        supply: perKey * BigInt(SOLANA_DEV_ADDRESSES.length),
        decimals: SOLANA_USDC.decimals,
        isInitialized: true,
        freezeAuthority: null,
      }),
    ),
    programAddress: TOKEN_PROGRAM_ADDRESS,
    executable: false,
    space: BigInt(MINT_SIZE),
  })
  const tokenRent = svm.minimumBalanceForRentExemption(BigInt(TOKEN_ACCOUNT_SIZE))
  for (const owner of SOLANA_DEV_ADDRESSES) {
    system(owner, BigInt(SOLANA_DEV_KEY_BALANCE_SOL) * LAMPORTS_PER_SOL)
    svm.setAccount({
      address: await usdcTokenAccount(owner),
      lamports: lamports(tokenRent),
      data: Uint8Array.from(
        getTokenEncoder().encode({
          mint: SOLANA_USDC.mint,
          owner,
          amount: perKey,
          delegate: null,
          state: AccountState.Initialized,
          isNative: null,
          delegatedAmount: 0n,
          closeAuthority: null,
        }),
      ),
      programAddress: TOKEN_PROGRAM_ADDRESS,
      executable: false,
      space: BigInt(TOKEN_ACCOUNT_SIZE),
    })
  }
}
