import { getBase58Decoder } from '@solana/kit'
import { invalidParams } from './json-rpc-error.js'
import type { ClusterAccount, LocalCluster } from './local-cluster.js'
import { parseTokenProgramAccount } from './spl-token-accounts.js'

export type AccountEncoding = 'base58' | 'base64' | 'base64+zstd' | 'jsonParsed'
export type DataSlice = { offset: number; length: number }

/** An account in the RPC's UiAccount shape (getAccountInfo, getMultipleAccounts, notifications …). */
export function encodeAccount(
  account: ClusterAccount | null,
  encoding: AccountEncoding,
  cluster: LocalCluster,
  dataSlice?: DataSlice,
): Record<string, unknown> | null {
  if (!account) return null
  const data = dataSlice
    ? account.data.subarray(dataSlice.offset, dataSlice.offset + dataSlice.length)
    : account.data
  return {
    data: encodeAccountData(account, data, encoding, cluster, dataSlice !== undefined),
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.owner,
    rentEpoch: 0,
    space: account.data.length,
  }
}

function encodeAccountData(
  account: ClusterAccount,
  data: Uint8Array,
  encoding: AccountEncoding,
  cluster: LocalCluster,
  sliced: boolean,
): unknown {
  switch (encoding) {
    case 'base58':
      // The RPC caps base58 at 128 bytes of data (it is slow to encode).
      if (data.length > 128)
        throw invalidParams(
          'encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
        )
      return [getBase58Decoder().decode(data), 'base58']
    case 'base64':
      return [Buffer.from(data).toString('base64'), 'base64']
    case 'base64+zstd':
      throw invalidParams('base64+zstd encoding is not supported by this local cluster; use base64')
    case 'jsonParsed': {
      const parsed = sliced
        ? undefined
        : parseTokenProgramAccount(account.owner, account.data, (mint) => cluster.mintDecimals(mint))
      return parsed ?? [Buffer.from(data).toString('base64'), 'base64']
    }
  }
}
