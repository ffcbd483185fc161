import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  ACCOUNT_ABSTRACTION_CONTRACTS,
  ENTRY_POINT_08_ADDRESS,
  SIMPLE_7702_ACCOUNT_ADDRESS,
} from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseChainManifest, selectServedChains } from './chain-manifest.js'
import { createChainApiServer, InvalidChainManifestError, readChainManifest } from './index.js'

const USDC = '0x700b6a60ce7eaaea56f065753d8dcb9653dbad35'
const manifest = {
  chains: [
    {
      chainId: 1,
      rpcUrl: 'http://127.0.0.1:1/1',
      tokens: [{ address: USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
    },
    {
      chainId: 100,
      name: 'Gnosis',
      rpcUrl: 'https://rpc.gnosis.example',
      nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 },
    },
  ],
}

describe('parseChainManifest', () => {
  it('checksums token addresses and fills in ether and an empty token list', () => {
    expect(parseChainManifest(manifest).chains).toEqual([
      {
        chainId: 1,
        rpcUrl: 'http://127.0.0.1:1/1',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        tokens: [
          {
            address: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35',
            symbol: 'USDC',
            name: 'USD Coin',
            decimals: 6,
          },
        ],
      },
      {
        chainId: 100,
        name: 'Gnosis',
        rpcUrl: 'https://rpc.gnosis.example',
        nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 },
        tokens: [],
      },
    ])
  })

  it("keeps a chain's smart-account contracts, checksummed, and still reads manifests without them", () => {
    const withContracts = {
      chains: [
        {
          ...manifest.chains[0],
          accountAbstraction: {
            entryPoint08: ACCOUNT_ABSTRACTION_CONTRACTS.entryPoint08.toLowerCase(),
            simple7702Account: ACCOUNT_ABSTRACTION_CONTRACTS.simple7702Account,
            entryPoint07: ACCOUNT_ABSTRACTION_CONTRACTS.entryPoint07,
            verifyingPaymaster: ACCOUNT_ABSTRACTION_CONTRACTS.verifyingPaymaster?.toLowerCase(),
            smartAccountFactory: ACCOUNT_ABSTRACTION_CONTRACTS.smartAccountFactory?.toLowerCase(),
          },
        },
        {
          ...manifest.chains[1],
          accountAbstraction: {
            entryPoint08: ENTRY_POINT_08_ADDRESS,
            simple7702Account: SIMPLE_7702_ACCOUNT_ADDRESS,
          },
        },
      ],
    }
    const [first, second] = parseChainManifest(withContracts).chains
    expect(first?.accountAbstraction).toEqual(ACCOUNT_ABSTRACTION_CONTRACTS)
    expect(second?.accountAbstraction).toEqual({
      entryPoint08: ENTRY_POINT_08_ADDRESS,
      simple7702Account: SIMPLE_7702_ACCOUNT_ADDRESS,
    })
    expect(parseChainManifest(manifest).chains[0]).not.toHaveProperty('accountAbstraction')
    expect(() =>
      parseChainManifest({
        chains: [{ ...manifest.chains[0], accountAbstraction: { entryPoint08: ENTRY_POINT_08_ADDRESS } }],
      }),
    ).toThrow(/chains\[0\]\.accountAbstraction\.simple7702Account: /)
  })

  it('names every problem by its path', () => {
    const bad = {
      chains: [
        { chainId: 1, rpcUrl: 'ws://node' },
        {
          chainId: 2,
          rpcUrl: 'http://node/2',
          tokens: [{ address: '0x12', symbol: 'X', name: 'X', decimals: 6 }],
        },
      ],
    }
    expect(() => parseChainManifest(bad, 'chain manifest test.json')).toThrow(
      /^Invalid chain manifest test\.json: chains\[0\]\.rpcUrl: .*; chains\[1\]\.tokens\[0\]\.address: /,
    )
    expect(() => parseChainManifest({ chains: [] })).toThrow(/chains: lists no chain/)
    expect(() => parseChainManifest({ chains: [manifest.chains[1], manifest.chains[1]] })).toThrow(
      /chain id is listed twice/,
    )
    expect(() => parseChainManifest([])).toThrow(InvalidChainManifestError)
  })
})

describe('selectServedChains', () => {
  const parsed = parseChainManifest(manifest)
  it('serves every chain, or the ones asked for in that order, and refuses one the manifest lacks', () => {
    expect(selectServedChains(parsed).map((chain) => chain.chainId)).toEqual([1, 100])
    expect(selectServedChains(parsed, [100, 1]).map((chain) => chain.chainId)).toEqual([100, 1])
    expect(() => selectServedChains(parsed, [1, 5])).toThrow(
      'Chain 5 is to be served but the chain manifest does not list it (it lists 1, 100)',
    )
  })
})

describe('readChainManifest', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'chain-api-manifest-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('reads a manifest file; a missing, non-JSON or invalid one is named in the error', async () => {
    const good = join(dir, 'good.json')
    await writeFile(good, JSON.stringify(manifest))
    expect((await readChainManifest(good)).chains.map((chain) => chain.chainId)).toEqual([1, 100])

    const missing = join(dir, 'missing.json')
    await expect(readChainManifest(missing)).rejects.toThrow(`No chain manifest at ${missing}`)
    await expect(readChainManifest(missing)).rejects.toThrow(/CHAIN_API_MANIFEST/)

    const garbled = join(dir, 'garbled.json')
    await writeFile(garbled, '{"chains": [')
    await expect(readChainManifest(garbled)).rejects.toThrow(`The chain manifest ${garbled} is not JSON`)

    const invalid = join(dir, 'invalid.json')
    await writeFile(invalid, JSON.stringify({ chains: [{ chainId: -1, rpcUrl: 'http://node' }] }))
    await expect(readChainManifest(invalid)).rejects.toThrow(
      new RegExp(`^Invalid chain manifest ${invalid}: chains\\[0\\]\\.chainId: `),
    )
  })
})

describe('createChainApiServer', () => {
  it('refuses an invalid manifest, or a chain id it does not list, before opening anything', async () => {
    await expect(createChainApiServer({ manifest: { chains: [] } })).rejects.toBeInstanceOf(
      InvalidChainManifestError,
    )
    await expect(createChainApiServer({ manifest, chainIds: [10] })).rejects.toThrow(
      /Chain 10 .* lists 1, 100/,
    )
  })

  it('serves the chains and tokens of its manifest, with the manifest native currency', async () => {
    // Nothing listens at these RPC URLs: prices and served chains need no node.
    const server = await createChainApiServer({ manifest, indexer: false, priceCacheTtlMs: 0 })
    try {
      const response = await server.app.inject({
        method: 'POST',
        url: '/v1/fungible/price',
        payload: {
          projectId: 'test-project',
          addresses: [
            `eip155:1:${USDC}`,
            'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
            'eip155:100:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
            // USDC is listed on chain 1 only.
            `eip155:100:${USDC}`,
          ],
        },
      })
      expect(response.statusCode).toBe(200)
      expect(response.json().fungibles.map((token: { symbol: string }) => token.symbol)).toEqual([
        'USDC',
        'ETH',
        'XDAI',
      ])
      const unserved = await server.app.inject({
        method: 'GET',
        url: '/v1/convert/gas-price?projectId=test-project&chainId=eip155:137',
      })
      expect(unserved.statusCode).toBe(400)
      expect(unserved.json().error.message).toContain('served: eip155:1, eip155:100')
    } finally {
      await server.close()
    }
  })
})
