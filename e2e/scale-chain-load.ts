import { setTimeout as sleep } from 'node:timers/promises'
import { devAccount } from '@portico/devnet'
import { createWalletClient, type Hex, http, publicActions } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { mainnet } from 'viem/chains'
import { DOMAIN, httpsRequest } from './production-front.js'
import { PROJECT, type ScaleCluster } from './scale-cluster.js'

// The chain API's side: native transfers sent on the devnet to fresh addresses while the replicas index
// the chain into the one database, and each address's history read back through the balancer.

/** A dev account nothing else in the scale test sends from, so its nonces are ours. */
const SENDER_ACCOUNT = 7

export function chainTraffic(cluster: ScaleCluster) {
  const wallet = createWalletClient({
    account: devAccount(SENDER_ACCOUNT),
    chain: { ...mainnet, id: 1 },
    transport: http(cluster.devnet.rpcUrl(1)),
  }).extend(publicActions)
  /** Every transfer sent, by recipient (lower case). */
  const sent = new Map<string, Set<string>>()
  const readStatuses = new Map<number, number>()

  const historyPage = async (address: string, cursor?: string) =>
    httpsRequest({
      host: `api.${DOMAIN}`,
      port: cluster.httpsPort,
      ca: cluster.certificate,
      path: `/v1/account/${address}/history?projectId=${PROJECT}&chainId=1${cursor ? `&cursor=${cursor}` : ''}`,
      localAddress: '127.0.4.1',
    })

  return {
    /** Fresh recipients: histories that hold the test's transfers and nothing else. */
    recipients(count: number) {
      return Array.from({ length: count }, () => privateKeyToAddress(generatePrivateKey()).toLowerCase())
    },
    /** Sends `count` transfers round the recipients, one after another, each waited for. */
    async send(recipients: string[], count: number) {
      for (let i = 0; i < count; i++) {
        const to = recipients[i % recipients.length] as Hex
        const hash = await wallet.sendTransaction({ to, value: BigInt(i + 1) })
        await wallet.waitForTransactionReceipt({ hash, pollingInterval: 50 })
        const hashes = sent.get(to) ?? new Set<string>()
        hashes.add(hash.toLowerCase())
        sent.set(to, hashes)
      }
    },
    sent,
    /** Every row of an address's history, all pages. */
    async history(address: string) {
      const hashes: string[] = []
      let cursor: string | undefined
      do {
        const answer = await historyPage(address, cursor)
        if (answer.status !== 200) throw new Error(`history answered ${answer.status}: ${answer.body}`)
        const page = JSON.parse(answer.body) as {
          data: Array<{ metadata: { hash: string } }>
          next: string | null
        }
        hashes.push(...page.data.map((row) => row.metadata.hash.toLowerCase()))
        cursor = page.next ?? undefined
      } while (cursor)
      return hashes
    },
    /** Reads histories in a loop until `until` resolves, counting answers by status (0: no answer). */
    async readWhile(recipients: string[], until: Promise<unknown>) {
      let done = false
      void until.finally(() => {
        done = true
      })
      for (let i = 0; !done; i++) {
        const address = recipients[i % recipients.length] as string
        const status = await historyPage(address).then(
          (answer) => answer.status,
          () => 0,
        )
        readStatuses.set(status, (readStatuses.get(status) ?? 0) + 1)
        await sleep(20)
      }
      return readStatuses
    },
  }
}
