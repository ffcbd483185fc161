import type { ChainApiClient } from './chain-api-client.js'

/**
 * The chain API client with its code and schemas loaded on the first call: the balance, history and
 * fee reads all come after a connection, so opening the modal carries none of it.
 */
export function lazyChainApiClient(options: { baseUrl: string; projectId: string }): ChainApiClient {
  let loading: Promise<typeof import('./chain-api-client.js')> | undefined
  const call = async <T>(use: (client: ChainApiClient) => Promise<T>) => {
    // The fetch of the moment of the call, as a client loaded up front would have used.
    const fetchAtCall = globalThis.fetch
    loading ??= import('./chain-api-client.js')
    return use((await loading).createChainApiClient({ ...options, fetch: fetchAtCall }))
  }
  return {
    getBalances: (...args) => call((client) => client.getBalances(...args)),
    getHistory: (...args) => call((client) => client.getHistory(...args)),
    getIdentity: (...args) => call((client) => client.getIdentity(...args)),
    getGasPrice: (...args) => call((client) => client.getGasPrice(...args)),
  }
}
