import { type Address, bytesToHex, numberToHex } from 'viem'
import { type Rpc, tokenInfo } from '../describe-calls.js'
import { jsonRpc, RpcError } from '../json-rpc.js'
import { nativeSymbol } from '../native-symbol.js'
import type { WalletRpcContext } from '../wallet-context.js'
import { type GrantRequest, parseGrantRequest } from './grant-request.js'
import type { Allowance, Grant, PermissionStore } from './permission-store.js'

/** What the sheet shows for a grant: each spend limit in the token's own symbol and decimals, the expiry. */
export type PermissionsDetails = {
  kind: 'permissions'
  chainId: number
  /** Seconds since the epoch. */
  expiry: number
  allowances: { token: Address | undefined; symbol: string; decimals: number; limit: bigint }[]
}

export type GrantContext = {
  wallet: WalletRpcContext
  store: PermissionStore
  /** The dApp the permission is for. */
  origin: string
  nowSeconds: number
  randomBytes: (size: number) => Uint8Array
  /** Shows the sheet; resolves once the visitor approved (rejects otherwise). */
  approve: (details: PermissionsDetails) => Promise<void>
}

/**
 * `wallet_grantPermissions`: checks the request, reads each token's symbol and decimals from the chain,
 * asks the visitor, records the grant and answers it as ERC-7715 does. The context is a random id the
 * frame alone knows the meaning of: the dApp sends it back with `wallet_sendCalls`.
 */
export async function grantPermissions(context: GrantContext, params: unknown) {
  const { wallet, store, nowSeconds } = context
  const request = parseGrantRequest(wallet.account.address, nowSeconds, params)
  if (!store.hasRoom(nowSeconds)) {
    throw new RpcError('Too many permissions on this device: revoke one first', -32603)
  }
  const allowances = await readAllowances(wallet, request)
  await context.approve({
    kind: 'permissions',
    chainId: wallet.chainId,
    expiry: request.expiry,
    allowances: allowances.map(({ symbol, decimals, limit, ...asset }) => ({
      token: asset.kind === 'erc20' ? asset.token : undefined,
      symbol,
      decimals,
      limit,
    })),
  })
  const grant: Grant = {
    context: bytesToHex(context.randomBytes(32)),
    origin: context.origin,
    account: wallet.account.address,
    chainId: wallet.chainId,
    expiry: request.expiry,
    allowances,
  }
  await store.add(grant, nowSeconds)
  return {
    expiry: grant.expiry,
    grantedPermissions: grant.allowances.map((allowance) => ({
      type: allowance.kind === 'native' ? 'native-token-transfer' : 'erc20-token-transfer',
      data:
        allowance.kind === 'native'
          ? { ticker: allowance.symbol }
          : { address: allowance.token, ticker: allowance.symbol },
      policies: [{ type: 'token-allowance', data: { allowance: numberToHex(allowance.limit) } }],
      required: true,
    })),
    permissionsContext: grant.context,
  }
}

/** Each limit with the symbol and decimals the chain says (the dApp's ticker is not trusted). */
async function readAllowances(wallet: WalletRpcContext, request: GrantRequest): Promise<Allowance[]> {
  const rpc: Rpc = (method, params) => jsonRpc(wallet.fetch, wallet.rpcUrl, method, params, wallet.signal)
  return Promise.all(
    request.allowances.map(async (allowance): Promise<Allowance> => {
      if (allowance.kind === 'native') {
        return {
          kind: 'native',
          symbol: nativeSymbol(wallet.chainId),
          decimals: 18,
          limit: allowance.limit,
          spent: 0n,
        }
      }
      const info = await tokenInfo(rpc, allowance.token)
      if (!info) throw new RpcError(`${allowance.token} is not an ERC-20 token on this network`, -32602)
      return { kind: 'erc20', token: allowance.token, ...info, limit: allowance.limit, spent: 0n }
    }),
  )
}
