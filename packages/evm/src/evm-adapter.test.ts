import { getKnownNetwork, type Network } from '@portico/core'
import { type Devnet, startDevnet } from '@portico/devnet'
import type { TestWalletProvider } from '@portico/wallet'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { EthereumProvider } from './discover-connectors.js'
import { createEvmAdapter } from './evm-adapter.js'
import { approvingTestWallet } from './testing/approving-test-wallet.js'

// The adapter against the real thing: the test wallet's EIP-1193 provider in front of a real devnet.
describe('EVM adapter', () => {
  let devnet: Devnet
  let wallet: TestWalletProvider
  let adapter: ReturnType<typeof createEvmAdapter>
  const approvals: string[] = []

  beforeAll(async () => {
    // wagmi's injected connector only looks for providers where a `window` exists; Node has none.
    ;(globalThis as { window?: unknown }).window ??= globalThis
    devnet = await startDevnet({ port: 0, chainIds: [1, 10, 8453] })
    // The wallet does not know Base yet: switching there must go through wallet_addEthereumChain.
    wallet = approvingTestWallet(devnet, approvals)
    const networks = [1, 10, 8453].map((id) => getKnownNetwork(id) as Network & { chainId: number })
    adapter = createEvmAdapter(
      {
        networks,
        rpcUrl: (id) => devnet.rpcUrl(Number(id)),
        rpcTimeoutMs: 10_000,
        relayUrl: 'ws://127.0.0.1:3003',
        projectId: 'test',
        metadata: undefined,
      },
      () => wallet as unknown as EthereumProvider,
    )
  })

  afterAll(async () => {
    await devnet?.stop()
    delete (globalThis as { window?: unknown }).window
  })

  it('connects to an announced provider and reads the native balance from the chain', async () => {
    const connection = await adapter.connect('dev.portico.testwallet')
    expect(connection).toMatchObject({
      accounts: [wallet.address],
      chainId: 1,
      connectorId: 'dev.portico.testwallet',
    })
    expect(approvals).toEqual(['connect'])
    const balance = await adapter.getBalance(wallet.address, 1)
    expect(balance).toEqual({
      value: (10_000n * 10n ** 18n).toString(),
      decimals: 18,
      symbol: 'ETH',
      chainId: 1,
    })
  })

  it('reconnects silently when the wallet still authorizes the site', async () => {
    const connection = await adapter.reconnect('dev.portico.testwallet')
    expect(connection?.accounts).toEqual([wallet.address])
    expect(approvals).toEqual(['connect'])
  })

  it('switches to a known chain, and adds an unknown one through wallet_addEthereumChain', async () => {
    const events: unknown[] = []
    const unsubscribe = adapter.subscribe((event) => events.push(event))
    await adapter.switchChain(10)
    expect(wallet.chainId).toBe(10)
    await adapter.switchChain(8453)
    expect(wallet.chainId).toBe(8453)
    expect(approvals).toContain('add-chain')
    expect(events).toContainEqual({ type: 'chainChanged', chainId: 8453 })
    unsubscribe()
  })

  it('signs a message the signer can be recovered from, and sends a transaction', async () => {
    const signature = await adapter.signMessage('hello portico')
    await expect(
      verifyMessage({
        address: wallet.address,
        message: 'hello portico',
        signature: signature as `0x${string}`,
      }),
    ).resolves.toBe(true)
    const hash = await adapter.sendTransaction({
      to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      value: 1n,
    })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
  })

  it('estimates a fee which, sent with the transaction, lets all of the balance but that fee go', async () => {
    const chainId = wallet.chainId
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const before = BigInt((await adapter.getBalance(wallet.address, chainId)).value)
    const estimate = await adapter.estimateFee?.({ from: wallet.address, to, value: 0n }, chainId)
    if (!estimate) throw new Error('the EVM adapter estimates fees')
    expect(estimate.terms.gas).toBe(21_000n)
    expect(estimate.fee).toBeGreaterThan(0n)
    expect(estimate.maxFee).toBeGreaterThanOrEqual(estimate.fee)

    const hash = await adapter.sendTransaction({ to, value: before - estimate.maxFee, fee: estimate })
    await expect(adapter.waitForTransaction(hash, chainId)).resolves.toEqual({ status: 'success' })
    // What is left is the part of the fee ceiling the network did not charge.
    const after = BigInt((await adapter.getBalance(wallet.address, chainId)).value)
    expect(after).toBeLessThan(estimate.maxFee)
  })

  it('reports a disconnect started in the wallet', async () => {
    const events: unknown[] = []
    const unsubscribe = adapter.subscribe((event) => events.push(event))
    wallet.disconnect()
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'disconnect' }))
    unsubscribe()
  })

  it('refuses a chain the dApp did not configure', async () => {
    await expect(adapter.switchChain(137)).rejects.toMatchObject({ code: 'CHAIN_NOT_CONFIGURED' })
  })
})
