/** RPC methods the frame accepts (spec §5) and which of them move funds or sign (spec §6). */

export const READ_ONLY_METHODS: ReadonlySet<string> = new Set([
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_syncing',
  // Filters.
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_newPendingTransactionFilter',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
])

/** Not-safe: can be aborted by RPC_ABORT. */
export const NOT_SAFE_METHODS: ReadonlySet<string> = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'eth_sendUserOperation',
])

/** The embedded wallet's Solana account, `[{ pubkey }]` (base58): read-only, like eth_accounts. */
export const SOLANA_GET_ACCOUNTS = 'solana_getAccounts'

const OTHER_ALLOWED = [
  'eth_sendRawTransaction',
  'wallet_getCallsStatus',
  // EIP-5792: the wallet shows the batch's status in its own window and answers null.
  'wallet_showCallsStatus',
  'wallet_getCapabilities',
  SOLANA_GET_ACCOUNTS,
]

export const ALLOWED_METHODS: ReadonlySet<string> = new Set([
  ...READ_ONLY_METHODS,
  ...[...NOT_SAFE_METHODS].filter((method) => method !== 'eth_sendUserOperation'),
  ...OTHER_ALLOWED,
])

export const RPC_NOT_ALLOWED = 'Requested RPC call is not allowed'

export const isAllowedMethod = (method: string) => ALLOWED_METHODS.has(method)
export const isSafeMethod = (method: string) => !NOT_SAFE_METHODS.has(method)
