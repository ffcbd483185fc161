import { z } from 'zod'

const tokenBalanceSchema = z.object({
  accountIndex: z.number().int().nonnegative(),
  mint: z.string(),
  owner: z.string().optional(),
  uiTokenAmount: z.object({ amount: z.string().regex(/^\d+$/) }),
})

const numeric = z.union([z.number(), z.bigint()]).transform((value) => BigInt(value))

/** One transaction of `getBlock` with `encoding: 'json'` and full details, as far as history needs it. */
export const solanaBlockTransactionSchema = z.object({
  transaction: z.object({
    signatures: z.array(z.string()).min(1),
    message: z.object({ accountKeys: z.array(z.string()).min(1) }),
  }),
  meta: z
    .object({
      err: z.unknown().nullable(),
      fee: numeric,
      preBalances: z.array(numeric),
      postBalances: z.array(numeric),
      preTokenBalances: z.array(tokenBalanceSchema).nullish(),
      postTokenBalances: z.array(tokenBalanceSchema).nullish(),
      /** Accounts a v0 transaction loaded from lookup tables, after the static keys. */
      loadedAddresses: z.object({ writable: z.array(z.string()), readonly: z.array(z.string()) }).nullish(),
    })
    .nullable(),
})

export const solanaBlockSchema = z.object({
  blockhash: z.string(),
  previousBlockhash: z.string(),
  parentSlot: numeric,
  blockTime: numeric.nullable(),
  transactions: z.array(solanaBlockTransactionSchema),
})

export type SolanaBlock = z.output<typeof solanaBlockSchema>
export type SolanaBlockTransaction = z.output<typeof solanaBlockTransactionSchema>
