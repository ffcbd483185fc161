import { type Hex, hexToBigInt, parseEther, stringToHex, verifyMessage, verifyTypedData } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ApprovalRequest } from './approval-request.js'
import { createMemoryStorage } from './storage-like.js'
import { testWalletAddress } from './test-wallet-account.js'
import { createTestWalletProvider, type TestWalletProviderOptions } from './test-wallet-provider.js'
import { type AnvilInstance, spawnAnvil } from './testing/spawn-anvil.js'

const address = testWalletAddress(0)
// Account 5 of the dev mnemonic: funded, and untouched by the wallet (which uses index 0 or 1 here).
const recipient = testWalletAddress(5)

let mainnet: AnvilInstance
let optimism: AnvilInstance

beforeAll(async () => {
  ;[mainnet, optimism] = await Promise.all([spawnAnvil(1), spawnAnvil(10)])
})

afterAll(async () => {
  await Promise.all([mainnet?.stop(), optimism?.stop()])
})

function rpcUrl(chainId: number): string {
  return chainId === 10 ? optimism.url : mainnet.url
}

function createWallet(overrides: Partial<TestWalletProviderOptions> = {}) {
  const approve = vi.fn(async (_request: ApprovalRequest) => true)
  const provider = createTestWalletProvider({
    rpcUrl,
    approve,
    storage: createMemoryStorage(),
    origin: 'http://dapp.test',
    ...overrides,
  })
  return { provider, approve }
}

async function connectedWallet(overrides: Partial<TestWalletProviderOptions> = {}) {
  const wallet = createWallet(overrides)
  await wallet.provider.request({ method: 'eth_requestAccounts' })
  wallet.approve.mockClear()
  return wallet
}

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result: unknown }
  return body.result
}

describe('connecting', () => {
  it('reports no accounts and the initial chain before authorization', async () => {
    const { provider, approve } = createWallet()
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1')
    expect(await provider.request({ method: 'net_version' })).toBe('1')
    expect(approve).not.toHaveBeenCalled()
  })

  it('returns the dev address on approval and emits connect and accountsChanged', async () => {
    const { provider, approve } = createWallet()
    const connect = vi.fn()
    const accountsChanged = vi.fn()
    provider.on('connect', connect)
    provider.on('accountsChanged', accountsChanged)

    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([address])
    expect(address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(approve).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'connect', origin: 'http://dapp.test', address, chainId: 1 }),
    )
    expect(connect).toHaveBeenCalledWith({ chainId: '0x1' })
    expect(accountsChanged).toHaveBeenCalledWith([address])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([address])
  })

  it('uses the configured account index', async () => {
    const { provider } = createWallet({ accountIndex: 1 })
    expect(provider.address).toBe(testWalletAddress(1))
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([testWalletAddress(1)])
  })

  it('rejects with 4001 when the user rejects', async () => {
    const { provider } = createWallet({ approve: async () => false })
    const accountsChanged = vi.fn()
    provider.on('accountsChanged', accountsChanged)
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(accountsChanged).not.toHaveBeenCalled()
  })

  it('asks once when a dApp requests accounts twice while the prompt is open', async () => {
    const { provider, approve } = createWallet()
    const results = await Promise.all([
      provider.request({ method: 'eth_requestAccounts' }),
      provider.request({ method: 'eth_requestAccounts' }),
    ])
    expect(results).toEqual([[address], [address]])
    expect(approve).toHaveBeenCalledTimes(1)
  })

  it('remembers the authorization per origin so a reloaded dApp reconnects silently', async () => {
    const storage = createMemoryStorage()
    const first = createWallet({ storage })
    await first.provider.request({ method: 'eth_requestAccounts' })
    await first.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] })

    const reloaded = createWallet({ storage })
    expect(await reloaded.provider.request({ method: 'eth_accounts' })).toEqual([address])
    expect(await reloaded.provider.request({ method: 'eth_requestAccounts' })).toEqual([address])
    expect(await reloaded.provider.request({ method: 'eth_chainId' })).toBe('0xa')
    expect(reloaded.approve).not.toHaveBeenCalled()

    const otherSite = createWallet({ storage, origin: 'http://other.test' })
    expect(await otherSite.provider.request({ method: 'eth_accounts' })).toEqual([])
    const otherAccount = createWallet({ storage, accountIndex: 2 })
    expect(await otherAccount.provider.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('reports, revokes and forgets permissions', async () => {
    const storage = createMemoryStorage()
    const { provider } = createWallet({ storage })
    expect(await provider.request({ method: 'wallet_getPermissions' })).toEqual([])

    const granted = await provider.request({
      method: 'wallet_requestPermissions',
      params: [{ eth_accounts: {} }],
    })
    expect(granted).toEqual([
      expect.objectContaining({
        parentCapability: 'eth_accounts',
        caveats: [{ type: 'restrictReturnedAccounts', value: [address] }],
      }),
    ])
    expect(await provider.request({ method: 'wallet_getPermissions' })).toEqual(granted)

    const accountsChanged = vi.fn()
    provider.on('accountsChanged', accountsChanged)
    expect(
      await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }),
    ).toBeNull()
    expect(accountsChanged).toHaveBeenCalledWith([])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await createWallet({ storage }).provider.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('disconnects from the wallet side', async () => {
    const storage = createMemoryStorage()
    const { provider } = await connectedWallet({ storage })
    const accountsChanged = vi.fn()
    provider.on('accountsChanged', accountsChanged)
    provider.disconnect()
    expect(accountsChanged).toHaveBeenCalledWith([])
    expect(provider.isAuthorized).toBe(false)
    expect(await createWallet({ storage }).provider.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('stops calling a removed listener', async () => {
    const { provider } = createWallet()
    const listener = vi.fn()
    provider.on('accountsChanged', listener)
    provider.removeListener('accountsChanged', listener)
    await provider.request({ method: 'eth_requestAccounts' })
    expect(listener).not.toHaveBeenCalled()
  })
})

describe('signing', () => {
  it('personal_sign signs the message so verifyMessage accepts it', async () => {
    const { provider, approve } = await connectedWallet()
    const message = 'Sign in to Portico\nNonce: 42'
    const signature = (await provider.request({
      method: 'personal_sign',
      params: [stringToHex(message), address],
    })) as Hex
    expect(await verifyMessage({ address, message, signature })).toBe(true)
    expect(approve).toHaveBeenCalledWith(expect.objectContaining({ kind: 'sign-message', message }))
  })

  it('personal_sign refuses another address with 4100 and unauthorized callers with 4100', async () => {
    const { provider } = await connectedWallet()
    await expect(
      provider.request({ method: 'personal_sign', params: [stringToHex('hi'), recipient] }),
    ).rejects.toMatchObject({ code: 4100 })

    const { provider: stranger, approve } = createWallet()
    await expect(
      stranger.request({ method: 'personal_sign', params: [stringToHex('hi'), address] }),
    ).rejects.toMatchObject({ code: 4100 })
    expect(approve).not.toHaveBeenCalled()
  })

  it('personal_sign rejected by the user fails with 4001', async () => {
    const { provider, approve } = await connectedWallet()
    approve.mockResolvedValueOnce(false)
    await expect(
      provider.request({ method: 'personal_sign', params: [stringToHex('hi'), address] }),
    ).rejects.toMatchObject({ code: 4001 })
  })

  it('eth_signTypedData_v4 produces a signature verifyTypedData accepts', async () => {
    const { provider, approve } = await connectedWallet()
    const typedData = {
      domain: {
        name: 'Portico',
        version: '1',
        chainId: 1,
        verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
      },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallet', type: 'address' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'to', type: 'Person' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      message: {
        from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
        to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
        contents: 'Hello, Bob!',
      },
    } as const
    const signature = (await provider.request({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
    })) as Hex
    const { EIP712Domain: _, ...types } = typedData.types
    expect(
      await verifyTypedData({
        address,
        domain: typedData.domain,
        types,
        primaryType: 'Mail',
        message: typedData.message,
        signature,
      }),
    ).toBe(true)
    expect(approve).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'sign-typed-data', primaryType: 'Mail' }),
    )
  })

  it('eth_signTypedData_v4 rejects malformed typed data with -32602', async () => {
    const { provider } = await connectedWallet()
    await expect(
      provider.request({ method: 'eth_signTypedData_v4', params: [address, '{not json'] }),
    ).rejects.toMatchObject({ code: -32602 })
  })
})

describe('transactions', () => {
  it('eth_sendTransaction moves ETH on the chain and returns the hash', async () => {
    const { provider, approve } = await connectedWallet({ accountIndex: 1 })
    const sender = testWalletAddress(1)
    const before = hexToBigInt(
      (await provider.request({ method: 'eth_getBalance', params: [recipient, 'latest'] })) as Hex,
    )
    const senderBefore = hexToBigInt((await rpc(mainnet.url, 'eth_getBalance', [sender, 'latest'])) as Hex)

    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: sender, to: recipient, value: `0x${parseEther('1.5').toString(16)}` }],
    })) as Hex
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(approve).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: 'send-transaction',
        to: recipient,
        value: parseEther('1.5'),
        chainId: 1,
      }),
    )

    // Automine takes the transaction a moment after it is accepted: wait for the receipt.
    const receipt = await vi.waitFor(
      async () => {
        const found = (await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as {
          status: Hex
          from: string
        } | null
        if (!found) throw new Error('not mined yet')
        return found
      },
      { timeout: 5_000, interval: 20 },
    )
    expect(receipt.status).toBe('0x1')
    expect(receipt.from.toLowerCase()).toBe(sender.toLowerCase())
    const after = hexToBigInt(
      (await provider.request({ method: 'eth_getBalance', params: [recipient, 'latest'] })) as Hex,
    )
    const senderAfter = hexToBigInt((await rpc(mainnet.url, 'eth_getBalance', [sender, 'latest'])) as Hex)
    expect(after - before).toBe(parseEther('1.5'))
    expect(senderBefore - senderAfter).toBeGreaterThan(parseEther('1.5'))
  })

  it('sends consecutive transactions without nonce collisions', async () => {
    const { provider } = await connectedWallet({ accountIndex: 3 })
    const value = `0x${parseEther('0.01').toString(16)}`
    const hashes = await Promise.all(
      [1, 2, 3].map(() =>
        provider.request({ method: 'eth_sendTransaction', params: [{ to: recipient, value }] }),
      ),
    )
    expect(new Set(hashes).size).toBe(3)
  })

  it('sends on the current chain after a switch, signed for that chain', async () => {
    const { provider } = await connectedWallet({ accountIndex: 2 })
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] })
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ to: recipient, value: '0x1' }],
    })) as Hex
    const onOptimism = (await rpc(optimism.url, 'eth_getTransactionByHash', [hash])) as {
      chainId: Hex
    } | null
    expect(onOptimism?.chainId).toBe('0xa')
    expect(await rpc(mainnet.url, 'eth_getTransactionByHash', [hash])).toBeNull()
  })

  it('a rejected transaction fails with 4001 and sends nothing', async () => {
    const { provider, approve } = await connectedWallet({ accountIndex: 4 })
    const sender = testWalletAddress(4)
    const nonceBefore = await rpc(mainnet.url, 'eth_getTransactionCount', [sender, 'latest'])
    approve.mockResolvedValueOnce(false)
    await expect(
      provider.request({ method: 'eth_sendTransaction', params: [{ to: recipient, value: '0x1' }] }),
    ).rejects.toMatchObject({ code: 4001 })
    expect(await rpc(mainnet.url, 'eth_getTransactionCount', [sender, 'latest'])).toBe(nonceBefore)
  })

  it('refuses a transaction from another address with 4100', async () => {
    const { provider } = await connectedWallet()
    await expect(
      provider.request({
        method: 'eth_sendTransaction',
        params: [{ from: recipient, to: address, value: '0x1' }],
      }),
    ).rejects.toMatchObject({ code: 4100 })
  })
})

describe('networks', () => {
  it('switches to a known chain and emits chainChanged with the hex id', async () => {
    const { provider } = createWallet()
    const chainChanged = vi.fn()
    provider.on('chainChanged', chainChanged)
    expect(
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] }),
    ).toBeNull()
    expect(chainChanged).toHaveBeenCalledWith('0x2105')
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x2105')
    expect(await provider.request({ method: 'net_version' })).toBe('8453')
  })

  it('rejects an unknown chain with 4902 and a malformed one with -32602', async () => {
    const { provider } = createWallet()
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x539' }] }),
    ).rejects.toMatchObject({ code: 4902 })
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 10 }] }),
    ).rejects.toMatchObject({ code: -32602 })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1')
  })

  it('adds a chain after approval, switches to it, and validates params', async () => {
    const { provider, approve } = createWallet()
    await expect(
      provider.request({
        method: 'wallet_addEthereumChain',
        params: [{ chainId: '1337', rpcUrls: [mainnet.url] }],
      }),
    ).rejects.toMatchObject({ code: -32602 })
    await expect(
      provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x539', rpcUrls: 'x' }] }),
    ).rejects.toMatchObject({ code: -32602 })
    expect(approve).not.toHaveBeenCalled()

    const chainChanged = vi.fn()
    provider.on('chainChanged', chainChanged)
    const added = await provider.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: '0x539', chainName: 'Local 1337', rpcUrls: [mainnet.url] }],
    })
    expect(added).toBeNull()
    expect(approve).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'add-chain', newChainId: 1337, newChainName: 'Local 1337' }),
    )
    expect(chainChanged).toHaveBeenCalledWith('0x539')
    // Reads now go to the added chain's own RPC URL.
    expect(await provider.request({ method: 'eth_blockNumber' })).toMatch(/^0x/)
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x539' }] })
    expect(provider.chains.map((chain) => chain.id)).toContain(1337)
  })

  it('switches network from the wallet side, even to chains the dApp does not support', () => {
    const { provider } = createWallet()
    const chainChanged = vi.fn()
    provider.on('chainChanged', chainChanged)
    provider.switchChain(11155111)
    expect(chainChanged).toHaveBeenLastCalledWith('0xaa36a7')
    provider.switchChain(424242)
    expect(chainChanged).toHaveBeenLastCalledWith('0x67932')
    expect(provider.chainId).toBe(424242)
    provider.switchChain(424242)
    expect(chainChanged).toHaveBeenCalledTimes(2)
  })
})

describe('fault modes', () => {
  it("'throw' makes the next eth_requestAccounts throw a plain Error", async () => {
    const { provider } = createWallet()
    provider.setFault('throw')
    const error = await provider.request({ method: 'eth_requestAccounts' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toBe('Test wallet crashed')
    expect(error).not.toHaveProperty('code')
    // One-shot by default: the retry works.
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([address])
  })

  it("'hang' never settles", async () => {
    const { provider, approve } = createWallet()
    provider.setFault('hang')
    vi.useFakeTimers()
    try {
      let settled = false
      provider.request({ method: 'eth_requestAccounts' }).then(
        () => (settled = true),
        () => (settled = true),
      )
      // Every timer the wallet may have set fires on the fake clock, with the promise jobs between them.
      await vi.runAllTimersAsync()
      expect(settled).toBe(false)
    } finally {
      vi.useRealTimers()
    }
    expect(approve).not.toHaveBeenCalled()
  })

  it("'garbage' resolves a non-array", async () => {
    const { provider } = createWallet()
    provider.setFault('garbage')
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual({ nonsense: true })
  })

  it('a persistent fault lasts until reset to none', async () => {
    const { provider } = createWallet()
    provider.setFault('garbage', { persistent: true })
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual({ nonsense: true })
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual({ nonsense: true })
    provider.setFault('none')
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([address])
  })
})

describe('everything else', () => {
  it('forwards read methods to the current chain', async () => {
    const { provider } = createWallet()
    expect(await provider.request({ method: 'eth_blockNumber' })).toMatch(/^0x[0-9a-f]+$/)
    const balance = (await provider.request({ method: 'eth_getBalance', params: [address, 'latest'] })) as Hex
    expect(hexToBigInt(balance)).toBeGreaterThan(0n)
    expect(await provider.request({ method: 'eth_getCode', params: [address, 'latest'] })).toBe('0x')
  })

  it('passes JSON-RPC errors on as EIP-1193 errors with their code', async () => {
    const { provider } = createWallet()
    const error = await provider
      .request({ method: 'eth_getBalance', params: ['not-an-address', 'latest'] })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: expect.any(Number), message: expect.any(String) })
    expect((error as { code: number }).code).not.toBe(4200)
  })

  it('answers unsupported methods with 4200', async () => {
    const { provider } = await connectedWallet()
    await expect(provider.request({ method: 'eth_sign', params: [address, '0x00'] })).rejects.toMatchObject({
      code: 4200,
    })
    await expect(provider.request({ method: 'portico_nonsense' })).rejects.toMatchObject({ code: 4200 })
  })

  it('rejects a malformed request object', async () => {
    const { provider } = createWallet()
    await expect(provider.request({} as never)).rejects.toMatchObject({ code: -32600 })
  })
})
