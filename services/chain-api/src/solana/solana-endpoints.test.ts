import {
  SOLANA_CLUSTERS,
  SOLANA_DEV_ADDRESSES,
  SOLANA_DEV_KEY_BALANCE_SOL,
  SOLANA_DEV_KEY_BALANCE_USDC,
  SOLANA_USDC,
  type SolanaDevnet,
  solanaDevSigner,
  startSolanaDevnet,
} from '@portico/devnet'
import {
  address,
  appendTransactionMessageInstruction,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROJECT } from '../chain-api-test-helpers.js'
import { type ChainApiServer, createChainApiServer } from '../create-chain-api-server.js'

const devnetCluster = SOLANA_CLUSTERS.find((cluster) => cluster.name === 'devnet')
if (!devnetCluster) throw new Error('no devnet cluster')
const CLUSTER = devnetCluster.caip2
const SOL_PRICE = 150

// The chain API against the real local Solana devnet (litesvm behind its JSON-RPC facade).
describe('chain API on a Solana cluster', () => {
  let devnet: SolanaDevnet
  let server: ChainApiServer

  beforeAll(async () => {
    devnet = await startSolanaDevnet({
      port: 0,
      clusters: ['devnet'],
      slotMs: 20,
      confirmedAfterMs: 0,
      finalizedAfterMs: 0,
    })
    server = await createChainApiServer({
      manifest: {
        chains: [],
        solana: [
          {
            genesisHash: devnetCluster.genesisHash,
            name: 'Solana Devnet',
            rpcUrl: devnet.rpcUrl('devnet'),
            nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9, usdPrice: SOL_PRICE },
            tokens: [{ ...SOLANA_USDC, usdPrice: 1 }],
          },
        ],
      },
      rateLimit: false,
      indexer: false,
      balanceCacheTtlMs: 0,
    })
  })
  afterAll(async () => {
    await server?.close()
    await devnet?.stop()
  })

  const get = (url: string) => server.app.inject({ method: 'GET', url })

  it('answers a dev key its SOL and USDC, priced, with CAIP ids of the cluster', async () => {
    const owner = SOLANA_DEV_ADDRESSES[2]
    const response = await get(`/v1/account/${owner}/balance?projectId=${PROJECT}&chainId=${CLUSTER}`)
    expect(response.statusCode).toBe(200)
    const { balances } = response.json()
    expect(balances).toEqual([
      expect.objectContaining({
        symbol: 'SOL',
        chainId: CLUSTER,
        price: SOL_PRICE,
        quantity: { decimals: '9', numeric: String(SOLANA_DEV_KEY_BALANCE_SOL) },
        value: SOLANA_DEV_KEY_BALANCE_SOL * SOL_PRICE,
      }),
      expect.objectContaining({
        symbol: 'USDC',
        chainId: CLUSTER,
        address: `${CLUSTER}:${SOLANA_USDC.mint}`,
        quantity: { decimals: '6', numeric: String(SOLANA_DEV_KEY_BALANCE_USDC) },
        value: SOLANA_DEV_KEY_BALANCE_USDC,
      }),
    ])
  })

  it('refuses to mix namespaces and names the clusters it serves', async () => {
    const owner = SOLANA_DEV_ADDRESSES[2]
    const evmChain = await get(`/v1/account/${owner}/balance?projectId=${PROJECT}&chainId=eip155:1`)
    expect(evmChain.statusCode).toBe(400)
    expect(evmChain.json().error.message).toMatch(/Solana clusters only/)
    const otherCluster = await get(
      `/v1/account/${owner}/balance?projectId=${PROJECT}&chainId=solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z`,
    )
    expect(otherCluster.statusCode).toBe(400)
    expect(otherCluster.json().error.message).toContain(CLUSTER)
    const notBase58 = await get(`/v1/account/0OIl${'1'.repeat(36)}/balance?projectId=${PROJECT}`)
    expect(notBase58.statusCode).toBe(400)
  })

  it('prices a one-signature message as the cluster charges it', async () => {
    const response = await get(`/v1/convert/gas-price?projectId=${PROJECT}&chainId=${CLUSTER}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ standard: '5000', fast: '5000', instant: '5000' })
  })

  it('has no name for a Solana address nobody registered', async () => {
    const response = await get(`/v1/identity/${SOLANA_DEV_ADDRESSES[2]}?projectId=${PROJECT}`)
    expect(response.json()).toEqual({ name: null, avatar: null })
  })

  it('indexes a transfer into both accounts’ history, with its value and direction', async () => {
    const rpc = createSolanaRpc(devnet.rpcUrl('devnet'))
    const sender = await solanaDevSigner(3)
    const recipient = await generateKeyPairSigner()
    const { value: lifetime } = await rpc.getLatestBlockhash().send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(sender, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({ source: sender, destination: recipient.address, amount: 250_000_000n }),
          m,
        ),
    )
    const signed = await signTransactionMessageWithSigners(message)
    const signature = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
      .send()
    // Wait for the slot to close, then index up to the head.
    const landed = await rpc.getSignatureStatuses([signature]).send()
    const slot = Number(landed.value[0]?.slot)
    while (Number(await rpc.getSlot().send()) <= slot + 1) await new Promise((r) => setTimeout(r, 20))
    await server.indexer.catchUp()

    const received = (
      await get(`/v1/account/${recipient.address}/history?projectId=${PROJECT}&chainId=${CLUSTER}`)
    ).json()
    expect(received.data).toEqual([
      expect.objectContaining({
        id: `${CLUSTER}:${signature}`,
        metadata: expect.objectContaining({
          operationType: 'receive',
          hash: signature,
          sentFrom: sender.address,
          sentTo: recipient.address,
          status: 'confirmed',
          chain: CLUSTER,
        }),
        transfers: [
          expect.objectContaining({
            fungible_info: expect.objectContaining({ symbol: 'SOL' }),
            direction: 'in',
            quantity: { numeric: '0.25' },
            value: 0.25 * SOL_PRICE,
          }),
        ],
      }),
    ])
    const sent = (
      await get(`/v1/account/${sender.address}/history?projectId=${PROJECT}&chainId=${CLUSTER}`)
    ).json()
    expect(sent.data[0]).toMatchObject({ metadata: { operationType: 'send', hash: signature } })
    expect(address(sent.data[0].metadata.sentTo)).toBe(recipient.address)
  })
})
