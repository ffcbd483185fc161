import { getKnownNetwork, type Network } from '@portico/core'
import type { OneClickSignIn } from '@portico/core/internal'
import { buildAuthObject, formatMessage } from '@walletconnect/utils'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeEach, describe, expect, it, vi } from 'vitest'

// The sign-client as far as the provider uses it: each test scripts what the "wallet" answers.
const client = {
  on: vi.fn(),
  core: { verify: {} as Record<string, unknown> },
  session: { getAll: () => [] },
  connect: vi.fn(),
  authenticate: vi.fn(),
  request: vi.fn(),
}
vi.mock('@walletconnect/sign-client', () => ({ SignClient: { init: async () => client } }))
const { createWalletConnectProvider } = await import('./walletconnect-provider.js')

const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const networks = [1, 10].map((id) => getKnownNetwork(id) as Network)
const context = {
  networks,
  rpcUrl: () => 'http://127.0.0.1:1',
  rpcTimeoutMs: 1_000,
  relayUrl: 'ws://127.0.0.1:1',
  projectId: 'p',
  metadata: undefined,
}
const sessionOn = (chains: number[]) => ({
  topic: 't',
  expiry: Date.now() / 1000 + 3600,
  namespaces: { eip155: { accounts: chains.map((id) => `eip155:${id}:${account.address}`) } },
})

/** The cacao a one-click wallet answers with: the dApp's message for `chainId`, signed. */
async function signedCacao(params: { domain: string; uri: string; nonce: string }, chainId: number) {
  const iss = `did:pkh:eip155:${chainId}:${account.address}`
  const payload = {
    type: 'caip122',
    chains: [`eip155:${chainId}`],
    domain: params.domain,
    aud: params.uri,
    version: '1',
    nonce: params.nonce,
    iat: new Date().toISOString(),
    statement: 'Sign in.',
  }
  const signature = await account.signMessage({ message: formatMessage(payload, iss) })
  return { cacao: buildAuthObject(payload, { t: 'eip191', s: signature }, iss), signature }
}

function signIn(): OneClickSignIn & { complete: ReturnType<typeof vi.fn> } {
  return {
    request: async () => ({ domain: 'dapp.example', uri: 'https://dapp.example', nonce: 'n0nce0001' }),
    complete: vi.fn(async () => true),
  }
}

describe('WalletConnect provider: one-click sign-in', () => {
  beforeEach(() => {
    client.connect.mockReset()
    client.authenticate.mockReset()
  })

  it('pairs with wc_sessionAuthenticate and hands the signed message to the sign-in', async () => {
    const provider = await createWalletConnectProvider(context)
    const lent = signIn()
    let answer: (result: unknown) => void = () => {}
    client.authenticate.mockResolvedValue({
      uri: 'wc:abc@2?methods=wc_sessionAuthenticate',
      response: () => new Promise((resolve) => (answer = resolve)),
    })
    const onUri = vi.fn()
    const connecting = provider.connect(onUri, { chainId: 10, signIn: lent })
    await vi.waitFor(() => expect(onUri).toHaveBeenCalledWith('wc:abc@2?methods=wc_sessionAuthenticate'))
    const [params] = client.authenticate.mock.calls[0] as [Record<string, unknown>]
    // The picked network first: the wallet signs in on it.
    expect(params).toMatchObject({
      chains: ['eip155:10', 'eip155:1'],
      nonce: 'n0nce0001',
      domain: 'dapp.example',
    })
    expect(params.methods).toContain('personal_sign')
    expect(client.connect).not.toHaveBeenCalled()

    const { cacao, signature } = await signedCacao(
      { domain: 'dapp.example', uri: 'https://dapp.example', nonce: 'n0nce0001' },
      10,
    )
    answer({ auths: [cacao], session: sessionOn([1, 10]) })
    await expect(connecting).resolves.toEqual([account.address])
    expect(lent.complete).toHaveBeenCalledTimes(1)
    expect(lent.complete).toHaveBeenCalledWith({
      message: formatMessage(cacao.p, cacao.p.iss),
      signature,
      address: account.address,
      chainId: 10,
    })
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0xa')
  })

  it('connects without signing in when the wallet answered the session proposal instead', async () => {
    const provider = await createWalletConnectProvider(context)
    const lent = signIn()
    client.authenticate.mockResolvedValue({
      uri: 'wc:abc@2',
      response: async () => ({ session: sessionOn([1]) }),
    })
    await expect(provider.connect(() => {}, { signIn: lent })).resolves.toEqual([account.address])
    expect(lent.complete).not.toHaveBeenCalled()
  })

  it('reports a declined one-click auth as a user rejection (4001)', async () => {
    const provider = await createWalletConnectProvider(context)
    // sign-client rejects with the wallet's bare message.
    client.authenticate.mockResolvedValue({
      uri: 'wc:abc@2',
      response: () => Promise.reject('User rejected.'),
    })
    await expect(provider.connect(() => {}, { signIn: signIn() })).rejects.toMatchObject({ code: 4001 })
  })

  it('pairs with a plain session proposal without SIWE or when no nonce comes', async () => {
    const provider = await createWalletConnectProvider(context)
    client.connect.mockResolvedValue({ uri: 'wc:abc@2', approval: async () => sessionOn([1]) })
    await expect(provider.connect(() => {})).resolves.toEqual([account.address])
    const failing = { ...signIn(), request: () => Promise.reject(new Error('HTTP 500')) }
    await expect(provider.connect(() => {}, { signIn: failing })).resolves.toEqual([account.address])
    expect(client.connect).toHaveBeenCalledTimes(2)
    expect(client.authenticate).not.toHaveBeenCalled()
  })
})

describe('WalletConnect provider: EVM and Solana in one session', () => {
  const MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
  const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
  const SOLANA_ADDRESS = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
  const cluster = (caipNetworkId: string, cluster: string): Network => ({
    namespace: 'solana',
    chainId: caipNetworkId.slice('solana:'.length),
    caipNetworkId: caipNetworkId as Network['caipNetworkId'],
    name: cluster,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    blockExplorerUrl: 'https://explorer.solana.com',
    imageId: caipNetworkId,
    testnet: cluster !== 'mainnet-beta',
    cluster,
  })
  const multiChain = {
    ...context,
    networks: [...networks, cluster(MAINNET, 'mainnet-beta'), cluster(DEVNET, 'devnet')],
  }
  const proposal = () => (client.connect.mock.calls.at(-1) as [Record<string, unknown>])[0]

  beforeEach(() => {
    client.connect.mockReset()
    client.request.mockReset()
  })

  it('proposes exactly the eip155 namespace for an EVM-only dApp', async () => {
    const provider = await createWalletConnectProvider(context)
    client.connect.mockResolvedValue({ uri: 'wc:abc@2', approval: async () => sessionOn([1]) })
    await provider.connect(() => {}, { chainId: 10 })
    expect(proposal()).toEqual({
      optionalNamespaces: {
        eip155: {
          chains: ['eip155:10', 'eip155:1'],
          methods: [
            'personal_sign',
            'eth_signTypedData_v4',
            'eth_sendTransaction',
            'wallet_switchEthereumChain',
            'wallet_getCapabilities',
            'wallet_sendCalls',
            'wallet_getCallsStatus',
            'wallet_showCallsStatus',
            'wallet_grantPermissions',
          ],
          events: ['chainChanged', 'accountsChanged'],
        },
      },
    })
  })

  it('sends EIP-5792 and ERC-7715 methods to a wallet that approved them, and answers 4200 for one that did not', async () => {
    const approving = (methods: string[]) => ({
      ...sessionOn([1]),
      namespaces: { eip155: { ...sessionOn([1]).namespaces.eip155, methods } },
    })
    const provider = await createWalletConnectProvider(context)
    client.connect.mockResolvedValue({
      uri: 'wc:abc@2',
      approval: async () =>
        approving([
          'eth_sendTransaction',
          'wallet_sendCalls',
          'wallet_getCallsStatus',
          'wallet_grantPermissions',
        ]),
    })
    await provider.connect(() => {})
    const calls = [
      { chainId: '0x1', version: '2.0.0', atomicRequired: false, calls: [{ to: account.address }] },
    ]
    const grant = [{ expiry: 1_900_000_000, permissions: [{ type: 'native-token-transfer', data: {} }] }]
    for (const [method, params, answer] of [
      ['wallet_sendCalls', calls, { id: '0xb47c4' }],
      ['wallet_getCallsStatus', ['0xb47c4'], { status: 200 }],
      ['wallet_grantPermissions', grant, { context: '0x01' }],
    ] as const) {
      client.request.mockResolvedValue(answer)
      await expect(provider.request({ method, params: [...params] })).resolves.toEqual(answer)
      expect(client.request).toHaveBeenLastCalledWith({
        topic: 't',
        chainId: 'eip155:1',
        request: { method, params },
      })
    }
    // Not approved: a clear "unsupported" instead of a read the RPC gateway would refuse.
    client.request.mockClear()
    await expect(
      provider.request({ method: 'wallet_getCapabilities', params: [account.address] }),
    ).rejects.toMatchObject({ code: 4200 })
    expect(client.request).not.toHaveBeenCalled()
  })

  it("proposes solana with the dApp's clusters (the picked one first) and its three signing methods", async () => {
    const provider = await createWalletConnectProvider(multiChain)
    client.connect.mockResolvedValue({ uri: 'wc:abc@2', approval: async () => sessionOn([1]) })
    await provider.connect(() => {}, { chainId: DEVNET.slice('solana:'.length) })
    const { optionalNamespaces } = proposal() as { optionalNamespaces: Record<string, { chains: string[] }> }
    expect(optionalNamespaces.eip155?.chains).toEqual(['eip155:1', 'eip155:10'])
    expect(optionalNamespaces.solana).toEqual({
      chains: [DEVNET, MAINNET],
      methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
      events: [],
    })
  })

  it('lends the session: its Solana accounts and methods, and requests on a Solana cluster', async () => {
    const provider = await createWalletConnectProvider(multiChain)
    const session = {
      ...sessionOn([1]),
      namespaces: {
        solana: {
          accounts: [`${MAINNET}:${SOLANA_ADDRESS}`, `${DEVNET}:${SOLANA_ADDRESS}`],
          methods: ['solana_signMessage'],
        },
      },
    }
    client.connect.mockResolvedValue({ uri: 'wc:abc@2', approval: async () => session })
    // A wallet that approved Solana alone: no EVM account.
    await expect(provider.connect(() => {})).resolves.toEqual([])
    expect(provider.session.accounts('solana')).toEqual([
      `${MAINNET}:${SOLANA_ADDRESS}`,
      `${DEVNET}:${SOLANA_ADDRESS}`,
    ])
    expect(provider.session.methods('solana')).toEqual(['solana_signMessage'])
    client.request.mockResolvedValue({ signature: 'sig' })
    await expect(
      provider.session.request({ chainId: DEVNET, method: 'solana_signMessage', params: { message: 'x' } }),
    ).resolves.toEqual({ signature: 'sig' })
    expect(client.request).toHaveBeenCalledWith({
      topic: 't',
      chainId: DEVNET,
      request: { method: 'solana_signMessage', params: { message: 'x' } },
    })
    client.request.mockRejectedValue({ code: 5000, message: 'User rejected.' })
    await expect(
      provider.session.request({ chainId: DEVNET, method: 'solana_signMessage', params: {} }),
    ).rejects.toMatchObject({ code: 4001, shortMessage: 'User rejected.' })
  })

  it('tells the session borrowers when the wallet ends it', async () => {
    const provider = await createWalletConnectProvider(multiChain)
    client.connect.mockResolvedValue({ uri: 'wc:abc@2', approval: async () => sessionOn([1]) })
    await provider.connect(() => {})
    const ended = vi.fn()
    provider.session.onEnd(ended)
    const onDelete = client.on.mock.calls.findLast(([event]) => event === 'session_delete')?.[1] as (event: {
      topic: string
    }) => void
    onDelete({ topic: 't' })
    expect(ended).toHaveBeenCalledTimes(1)
    expect(provider.session.accounts('eip155')).toEqual([])
  })
})
