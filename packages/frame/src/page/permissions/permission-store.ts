import { type Address, type Hex, isAddressEqual } from 'viem'
import * as z from 'zod/mini'
import { RpcError } from '../json-rpc.js'
import type { KeyValueStorage } from '../key-value-storage.js'
import type { Call } from '../wallet-calls.js'
import { exclusiveWith, type PermissionLocks } from './permission-lock.js'
import { type Asset, refused, type Spend, sameAsset, spendsOf } from './permission-spend.js'

/** Where the frame keeps the permissions it granted (its origin's storage, partitioned per dApp site). */
export const PERMISSIONS_KEY = '@portico-frame/permissions'
/** Enough for any visitor; a dApp cannot fill the storage with grants. */
export const MAX_GRANTS = 32

export type Allowance = Asset & { symbol: string; decimals: number; limit: bigint; spent: bigint }
/** A granted permission: who may use it (origin, chain, account), until when, and what it has spent. */
export type Grant = {
  context: Hex
  origin: string
  account: Address
  chainId: number
  /** Seconds since the epoch, as ERC-7715 gives it. */
  expiry: number
  allowances: Allowance[]
}

const amount = z.string().check(z.regex(/^\d{1,78}$/))
const addressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const allowanceSchema = z.object({
  kind: z.enum(['native', 'erc20']),
  token: z.optional(addressSchema),
  symbol: z.string().check(z.maxLength(20)),
  decimals: z.number().check(z.int(), z.gte(0), z.lte(255)),
  limit: amount,
  spent: amount,
})
const grantSchema = z.object({
  context: z.string().check(z.regex(/^0x[0-9a-f]{64}$/)),
  origin: z.string().check(z.maxLength(300)),
  account: addressSchema,
  chainId: z.number().check(z.int(), z.positive()),
  expiry: z.number().check(z.int(), z.positive()),
  allowances: z.array(allowanceSchema).check(z.minLength(1), z.maxLength(8)),
})
const grantsSchema = z.array(grantSchema).check(z.maxLength(MAX_GRANTS))

/** Who asks to spend under a permission: the dApp's origin, the wallet's chain and account, and when. */
export type Spender = { origin: string; chainId: number; account: Address; nowSeconds: number }

/**
 * The granted permissions in the frame's storage. Every change holds the origin's lock (`locks`, the
 * browser's Web Locks) and reads the storage, checks and writes it back with nothing awaited in between,
 * so two requests can never both spend the same allowance, from this page or another tab's frame: the
 * second one reads what the first recorded.
 */
export function createPermissionStore(storage: KeyValueStorage, locks?: PermissionLocks) {
  const exclusive = exclusiveWith(locks)
  const read = (): Grant[] => {
    try {
      const parsed = grantsSchema.safeParse(JSON.parse(storage.getItem(PERMISSIONS_KEY) ?? '[]'))
      // Storage that does not read as grants grants nothing.
      return parsed.success ? parsed.data.map(toGrant) : []
    } catch {
      return []
    }
  }
  const write = (grants: Grant[]) => {
    try {
      storage.setItem(PERMISSIONS_KEY, JSON.stringify(grants.map(fromGrant)))
    } catch {
      // An allowance that cannot be recorded cannot be spent.
      throw new RpcError('The wallet could not record the permission', -32603)
    }
  }
  const live = (grants: Grant[], nowSeconds: number) => grants.filter((grant) => grant.expiry > nowSeconds)

  return {
    /** The account's permissions that have not expired. */
    list(account: Address, nowSeconds: number): Grant[] {
      return live(read(), nowSeconds).filter((grant) => isAddressEqual(grant.account, account))
    },
    /** Whether one more grant fits (checked before the sheet shows). */
    hasRoom(nowSeconds: number): boolean {
      return live(read(), nowSeconds).length < MAX_GRANTS
    },
    add(grant: Grant, nowSeconds: number): Promise<void> {
      return exclusive(() => {
        const grants = live(read(), nowSeconds)
        if (grants.length >= MAX_GRANTS) {
          throw new RpcError('Too many permissions on this device: revoke one first', -32603)
        }
        write([...grants, grant])
      })
    },
    /** Forgets the account's permission; false when it had none with this context. */
    revoke(account: Address, context: string): Promise<boolean> {
      return exclusive(() => {
        const grants = read()
        const kept = grants.filter(
          (grant) => !(sameContext(grant, context) && isAddressEqual(grant.account, account)),
        )
        if (kept.length === grants.length) return false
        write(kept)
        return true
      })
    },
    /** Whether `calls` may be spent under the permission now; throws the refusal reserve() would. */
    check(context: string, spender: Spender, calls: readonly Call[]): void {
      settle(read(), context, spender, calls)
    },
    /**
     * Records what `calls` spend under the permission `context`, or refuses them all: the permission must
     * be the spender's (origin, chain, account), live, cover every call, and keep each running total within
     * its limit. Answers how to give the spend back when the chain refused the transaction.
     */
    reserve(
      context: string,
      spender: Spender,
      calls: readonly Call[],
    ): Promise<{ release(): Promise<void> }> {
      return exclusive(() => {
        // Read inside the lock: another tab may have spent since this page last looked.
        const grants = read()
        const { grant, spends, allowances } = settle(grants, context, spender, calls)
        write(grants.map((each) => (each === grant ? { ...grant, allowances } : each)))
        return { release: () => exclusive(() => write(giveBack(read(), context, spends))) }
      })
    },
  }
}
export type PermissionStore = ReturnType<typeof createPermissionStore>

/** The permission's allowances once `calls` are spent, or the refusal. */
function settle(grants: Grant[], context: string, spender: Spender, calls: readonly Call[]) {
  const grant = grants.find(
    (each) => sameContext(each, context) && isAddressEqual(each.account, spender.account),
  )
  if (!grant) throw refused('No permission with this context: it was revoked or never granted')
  if (grant.origin !== spender.origin) throw refused('This permission was granted to another app')
  if (grant.chainId !== spender.chainId) throw refused('This permission was granted on another network')
  if (grant.expiry <= spender.nowSeconds) throw refused('This permission has expired')
  const spends = spendsOf(calls, grant.allowances)
  const allowances = grant.allowances.map((allowance) => {
    const spent = allowance.spent + totalOf(spends, allowance)
    if (spent > allowance.limit) throw refused('These calls would spend more than the permission allows')
    return { ...allowance, spent }
  })
  return { grant, spends, allowances }
}

const sameContext = (grant: Grant, context: string) => grant.context === context.toLowerCase()

/** The grants with `spends` taken off the permission's running totals (a transaction the chain refused). */
const giveBack = (grants: Grant[], context: string, spends: readonly Spend[]): Grant[] =>
  grants.map((each) =>
    sameContext(each, context)
      ? {
          ...each,
          allowances: each.allowances.map((allowance) => {
            const back = allowance.spent - totalOf(spends, allowance)
            return { ...allowance, spent: back > 0n ? back : 0n }
          }),
        }
      : each,
  )

const totalOf = (spends: readonly Spend[], asset: Asset) =>
  spends.reduce((sum, spend) => (sameAsset(spend.asset, asset) ? sum + spend.amount : sum), 0n)

function toGrant(stored: z.infer<typeof grantSchema>): Grant {
  return {
    ...stored,
    context: stored.context as Hex,
    account: stored.account as Address,
    allowances: stored.allowances.map(({ kind, token, symbol, decimals, limit, spent }) => ({
      ...assetOf(kind, token),
      symbol,
      decimals,
      limit: BigInt(limit),
      spent: BigInt(spent),
    })) as Allowance[],
  }
}

/** A token allowance without its token reads as nothing (read() then grants nothing), never as native. */
function assetOf(kind: 'native' | 'erc20', token: string | undefined): Asset {
  if (kind === 'native') return { kind }
  if (!token) throw new Error('An ERC-20 allowance without its token')
  return { kind, token: token as Address }
}

function fromGrant(grant: Grant) {
  return {
    ...grant,
    allowances: grant.allowances.map((allowance) => ({
      ...allowance,
      limit: allowance.limit.toString(),
      spent: allowance.spent.toString(),
    })),
  }
}
