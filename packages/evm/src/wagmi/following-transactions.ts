import type { EIP1193Provider, Hash } from 'viem'

/** The RPC methods whose answer is the hash of a transaction the wallet sent. */
const SENDING_METHODS: ReadonlySet<string> = new Set(['eth_sendTransaction', 'eth_sendRawTransaction'])

const isHash = (value: unknown): value is Hash =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value)

/**
 * The same EIP-1193 provider, reporting the hash of every transaction sent through it: a library that signs
 * and sends with it (wagmi) needs no change for Portico to follow its transactions.
 */
export function followingTransactions(
  provider: EIP1193Provider,
  onSent: (hash: Hash) => unknown,
): EIP1193Provider {
  const wallet = provider as unknown as {
    request(args: { method: string; params?: unknown }): Promise<unknown>
  }
  const request = (async (args: { method: string; params?: unknown }) => {
    const result = await wallet.request(args)
    if (SENDING_METHODS.has(args.method) && isHash(result)) {
      try {
        void Promise.resolve(onSent(result)).catch(() => {})
      } catch {}
    }
    return result
  }) as unknown as EIP1193Provider['request']
  return new Proxy(provider, {
    get(target, property) {
      if (property === 'request') return request
      const value = Reflect.get(target, property, target)
      // The wallet's own methods (on, removeListener…) keep their `this`.
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
