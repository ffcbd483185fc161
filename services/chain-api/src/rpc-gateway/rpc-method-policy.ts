/**
 * The methods the gateway forwards: reads, fee data and signed-transaction submission. Everything else is
 * refused before it reaches a node: signing with the node's keys (eth_sendTransaction, eth_sign*,
 * personal_*, eth_accounts), node administration (admin_*, debug_*, txpool_*, miner_*), and the devnet's
 * cheat codes (anvil_*, evm_*, hardhat_*), which would let any visitor mint balances or rewrite the chain.
 * Node-side filters (eth_newFilter …) are left out too: they hold state per node and clients poll eth_getLogs
 * when they are refused.
 */
export const FORWARDED_RPC_METHODS: ReadonlySet<string> = new Set([
  'eth_blobBaseFee',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_createAccessList',
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
  'eth_sendRawTransaction',
  'eth_syncing',
  'net_listening',
  'net_version',
  'web3_clientVersion',
])

/** JSON-RPC 2.0's "method not found": what a node without the method answers, so clients handle it alike. */
export const METHOD_REFUSED_CODE = -32601

export const isForwardedMethod = (method: string) => FORWARDED_RPC_METHODS.has(method)

export const refusedMethodMessage = (method: string) =>
  `The method ${method} is not available through this RPC gateway`
