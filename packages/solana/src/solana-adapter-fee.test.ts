import type { AdapterContext, ChainAdapter } from '@portico/core/internal'
import { SOLANA_DEV_ADDRESSES, SOLANA_USDC, type SolanaDevnet, startSolanaDevnet } from '@portico/devnet'
import { generateKeyPairSigner } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSolanaAdapter } from './solana-adapter.js'
import { solanaDevnet, solanaNetworks } from './solana-networks.js'

const FROM = SOLANA_DEV_ADDRESSES[5] as string
const OTHER_DEV_KEY = SOLANA_DEV_ADDRESSES[6] as string
/** A one-signature message on the local clusters. */
const SIGNATURE_FEE = 5_000n
/** The rent-exempt deposit of a 165-byte token account. */
const TOKEN_ACCOUNT_RENT = 2_039_280n

describe('the Solana adapter prices a send', () => {
  let devnet: SolanaDevnet
  let adapter: ChainAdapter

  beforeAll(async () => {
    devnet = await startSolanaDevnet({ port: 0, clusters: ['devnet'], slotMs: 50 })
    const context = { networks: solanaNetworks } as unknown as AdapterContext
    adapter = createSolanaAdapter(
      context,
      () => devnet.rpcUrl('devnet'),
      () => undefined,
    )
  })
  afterAll(() => devnet?.stop())

  const estimate = (to: string, token?: boolean) =>
    adapter.estimateFee?.(
      {
        from: FROM,
        to,
        value: 1_000_000n,
        token: token ? { address: SOLANA_USDC.mint, decimals: SOLANA_USDC.decimals } : undefined,
      },
      solanaDevnet.chainId,
    )

  it('SOL: the fee of the signature', async () => {
    await expect(estimate(OTHER_DEV_KEY)).resolves.toMatchObject({
      fee: SIGNATURE_FEE,
      maxFee: SIGNATURE_FEE,
    })
  })

  it("USDC to an account that holds USDC: the fee; to a fresh one: the fee and its token account's deposit", async () => {
    await expect(estimate(OTHER_DEV_KEY, true)).resolves.toMatchObject({
      fee: SIGNATURE_FEE,
      terms: { rent: 0n },
    })
    expect((await estimate(OTHER_DEV_KEY, true))?.deposit).toBeUndefined()
    const fresh = (await generateKeyPairSigner()).address
    await expect(estimate(fresh, true)).resolves.toEqual({
      fee: SIGNATURE_FEE + TOKEN_ACCOUNT_RENT,
      maxFee: SIGNATURE_FEE + TOKEN_ACCOUNT_RENT,
      terms: { fee: SIGNATURE_FEE, rent: TOKEN_ACCOUNT_RENT },
      deposit: TOKEN_ACCOUNT_RENT,
    })
  })
})
