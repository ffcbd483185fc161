import { describe, expect, it } from 'vitest'
import type { ChainApiClient } from '../../clients/chain-api-client.js'
import { createHistoryController } from './history-controller.js'
import type { HistoryItem } from './history-schemas.js'
import type { NameRegistrationsReader } from './name-registrations.js'

const SOLANA_DEVNET = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

const item = (hash: string): HistoryItem => ({
  id: hash,
  metadata: {
    operationType: 'send',
    hash,
    minedAt: '2026-11-24T08:00:00.000Z',
    sentFrom: 'a',
    sentTo: 'b',
    status: 'confirmed',
    nonce: 0,
    chain: `solana:${SOLANA_DEVNET}`,
  },
  transfers: [],
})

const REGISTRATION = { name: 'alice.wcn.id', registeredAt: '2026-11-24T09:00:00.000Z' }

/**
 * A chain API whose history of each account (as asked, case and all) is one transaction named after it,
 * and whose every EVM account registered alice.wcn.id (or whose name lookups fail).
 */
function chainApi(names: 'ok' | 'failing' = 'ok'): {
  client: ChainApiClient
  readNames: NameRegistrationsReader
  asked: string[]
} {
  const asked: string[] = []
  const client = {
    getHistory: async (address: string, chainId: string | number) => {
      asked.push(`${chainId}:${address}`)
      return { data: [item(`tx-of-${address}`)], next: null }
    },
  } as unknown as ChainApiClient
  const readNames = async (address: string) => {
    asked.push(`names:${address}`)
    if (names === 'failing') throw new Error('profile API down')
    return [REGISTRATION]
  }
  return { client, readNames, asked }
}

describe('history controller', () => {
  it('reads the first page once for a prefetch and the view that opens at the same time', async () => {
    const { client, readNames, asked } = chainApi()
    const history = createHistoryController(client, undefined, readNames)
    const address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    await Promise.all([history.load(address, 1), history.load(address.toLowerCase(), 1)])
    expect(asked).toEqual([`1:${address}`, `names:${address}`])
    // Once read, opening again reads afresh (a new block may have brought a transaction or a new name).
    await history.load(address, 1)
    expect(asked).toHaveLength(4)
    expect(history.store.getState().registrations).toEqual([REGISTRATION])
  })

  it('keeps two Solana addresses apart that differ only in case (base58 is case-sensitive)', async () => {
    const { client, asked } = chainApi()
    const history = createHistoryController(client)
    const lower = 'hn7cabqzq46es1jh92dqqisaq662smxezzzshhe4ywrh'
    const mixed = 'HN7cABqZq46Es1jh92dQQisAq662SmxEZZZsHHe4YWrH'
    await history.load(lower, SOLANA_DEVNET)
    await history.load(mixed, SOLANA_DEVNET)
    expect(asked).toEqual([`${SOLANA_DEVNET}:${lower}`, `${SOLANA_DEVNET}:${mixed}`])
    // Another account's page replaced the first, rather than joining it.
    expect(history.store.getState().items.map((entry) => entry.metadata.hash)).toEqual([`tx-of-${mixed}`])
    expect(history.store.getState().key).toBe(`${SOLANA_DEVNET}:${mixed}`)
  })

  it('treats an EVM address in any case as one account', async () => {
    const { client } = chainApi()
    const history = createHistoryController(client)
    await history.load('0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266', 1)
    await history.load('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 1)
    expect(history.store.getState().key).toBe('1:0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')
  })

  it('shows the transactions without names when the name lookup fails, and asks none for Solana', async () => {
    const failing = chainApi('failing')
    const history = createHistoryController(failing.client, undefined, failing.readNames)
    await history.load('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 1)
    expect(history.store.getState()).toMatchObject({ status: 'ready', registrations: [] })
    expect(history.store.getState().items).toHaveLength(1)

    const solana = chainApi()
    await createHistoryController(solana.client, undefined, solana.readNames).load(
      'HN7cABqZq46Es1jh92dQQisAq662SmxEZZZsHHe4YWrH',
      SOLANA_DEVNET,
    )
    expect(solana.asked.some((entry) => entry.startsWith('names:'))).toBe(false)
  })
})
