import { type Account, createWalletClient, erc20Abi, http, parseUnits } from 'viem'
import type { ChainClients } from '../chain-clients.js'

export interface Payout {
  chainId: number
  to: `0x${string}`
  /** Undefined for the chain's native currency. */
  token: `0x${string}` | undefined
  decimals: number
  /** In the asset's units, e.g. "0.0162". */
  amount: string
}

/**
 * Pays purchases out of one funded account. Payments on a chain go one after the other, so two
 * purchases confirmed together never pick the same nonce.
 */
export function createSandboxPayouts(funder: Account, clients: ChainClients) {
  const queues = new Map<number, Promise<unknown>>()
  const pending = new Set<Promise<unknown>>()

  async function send(payout: Payout, onSent: (hash: `0x${string}`) => unknown): Promise<`0x${string}`> {
    const publicClient = clients.client(payout.chainId)
    const manifest = clients.chains.find((chain) => chain.chainId === payout.chainId)
    if (!manifest || !publicClient.chain) throw new RangeError(`chain ${payout.chainId} is not served`)
    const wallet = createWalletClient({
      account: funder,
      chain: publicClient.chain,
      transport: http(manifest.rpcUrl),
    })
    const value = parseUnits(payout.amount, payout.decimals)
    const hash = payout.token
      ? await wallet.writeContract({
          address: payout.token,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [payout.to, value],
        })
      : await wallet.sendTransaction({ to: payout.to, value })
    await onSent(hash)
    const receipt = await publicClient.waitForTransactionReceipt({
      hash,
      pollingInterval: 100,
      timeout: 60_000,
    })
    if (receipt.status !== 'success') throw new Error(`delivery transaction ${hash} reverted`)
    return hash
  }

  return {
    address: funder.address,
    /**
     * Sends the payout (`onSent` hears its hash as soon as the node took it) and waits for its receipt;
     * rejects when it cannot be delivered.
     */
    pay(payout: Payout, onSent: (hash: `0x${string}`) => unknown = () => {}): Promise<`0x${string}`> {
      const previous = queues.get(payout.chainId) ?? Promise.resolve()
      const result = previous.then(() => send(payout, onSent))
      const settled = result.catch(() => undefined)
      queues.set(payout.chainId, settled)
      pending.add(settled)
      void settled.then(() => pending.delete(settled))
      return result
    },
    /** Resolves once every payout under way has ended (the server waits for it before closing). */
    async settle(): Promise<void> {
      await Promise.all([...pending])
    },
  }
}

export type SandboxPayouts = ReturnType<typeof createSandboxPayouts>
