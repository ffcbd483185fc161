import { blockExplorerUrl, parseConfig, type TransactionRequest } from '@portico/core'
import {
  blockExplorerLink,
  createAccountController,
  createConnectionController,
  createSendController,
  type FeeEstimate,
  type SendController,
} from '@portico/core/internal'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { solana } from './solana.js'
import { solanaDevnet, solanaMainnet } from './solana-networks.js'

const FROM = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const TO = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH'
const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const CLUSTER = solanaDevnet.caipNetworkId
const FEE: FeeEstimate = { fee: 5_000n, maxFee: 5_000n, terms: { fee: 5_000n } }

const controllers: SendController[] = []
afterEach(() => {
  for (const controller of controllers.splice(0)) controller.dispose()
})

/** A send form on Solana Devnet: 2 SOL and 25.5 USDC, the real solana() adapter's address rule. */
function solanaSend() {
  const config = parseConfig({ projectId: 'test', networks: [1, solanaDevnet], adapters: [solana()] })
  const account = createAccountController()
  account.setBalance({ value: '2000000000', decimals: 9, symbol: 'SOL', chainId: solanaDevnet.chainId })
  account.setTokens({
    tokensStatus: 'ready',
    tokenBalances: [
      {
        name: 'Solana',
        symbol: 'SOL',
        chainId: CLUSTER,
        price: 150,
        quantity: { decimals: '9', numeric: '2' },
      },
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId: CLUSTER,
        address: `${CLUSTER}:${USDC_MINT}`,
        price: 1,
        quantity: { decimals: '6', numeric: '25.5' },
      },
    ],
  })
  const connection = createConnectionController()
  connection.setConnected({
    namespace: 'solana',
    accounts: [FROM],
    chainId: solanaDevnet.chainId,
    connectorId: 'wallet-standard:portico',
    connectorName: 'Portico Test Wallet',
  })
  const estimateFee = vi.fn(async (_request: TransactionRequest) => FEE)
  const sendTransaction = vi.fn(async (_request: TransactionRequest) => '5'.repeat(88))
  const lookupName = vi.fn(async () => ({ name: 'alice.wcn.id', address: TO, avatar: undefined }))
  const send = createSendController(
    { config, account, connection, on: () => () => {}, estimateFee, sendTransaction },
    { nameLookupDebounceMs: 0, feeEstimateDebounceMs: 0, lookupName },
  )
  controllers.push(send)
  return { send, estimateFee, sendTransaction, lookupName }
}

const settled = (send: SendController) =>
  vi.waitFor(() => {
    const { feeStatus, receiverStatus } = send.store.getState()
    if (feeStatus === 'loading' || receiverStatus === 'resolving') throw new Error('pending')
  })

describe('the send form on a Solana cluster', () => {
  it('takes a base58 address of a 32-byte key as it is, and nothing else', async () => {
    const { send } = solanaSend()
    send.setReceiver(` ${TO} `)
    expect(send.store.getState()).toMatchObject({ receiverAddress: TO, receiverStatus: 'address' })
    expect(send.check().receiver).toBeUndefined()
    // The System Program's 32 ones: 32 characters, a real (all-zero) key.
    send.setReceiver('11111111111111111111111111111111')
    expect(send.check().receiver).toBeUndefined()
    const refused = {
      'an EVM address': '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      'a lower-cased address (another key, or none)': TO.toLowerCase(),
      '31 characters': TO.slice(0, 31),
      '45 characters': `${TO}1`,
      '0, O, I or l (not base58)': `0${TO.slice(1)}`,
      '44 base58 characters of 33 bytes': 'z'.repeat(44),
    }
    for (const [what, input] of Object.entries(refused)) {
      send.setReceiver(input)
      expect(send.store.getState().receiverStatus, what).toBe('invalid')
      expect(send.check(), what).toMatchObject({
        receiver: 'receiverInvalid',
        incomplete: true,
        ready: false,
      })
    }
  })

  it('never looks a name up: names resolve to EVM addresses only', async () => {
    const { send, lookupName } = solanaSend()
    send.setReceiver('alice.wcn.id')
    await settled(send)
    expect(send.store.getState().receiverStatus).toBe('invalid')
    expect(send.check()).toMatchObject({ receiver: 'receiverInvalid', incomplete: true })
    expect(lookupName).not.toHaveBeenCalled()
  })

  it('is incomplete while the amount or the receiver is missing or invalid, not when it is too much', async () => {
    const { send } = solanaSend()
    await settled(send)
    expect(send.check()).toMatchObject({
      amount: 'amountInvalid',
      receiver: 'receiverInvalid',
      incomplete: true,
    })
    send.setAmount('1')
    await settled(send)
    expect(send.check()).toMatchObject({ amount: undefined, incomplete: true })
    send.setReceiver(TO)
    await settled(send)
    expect(send.check()).toMatchObject({ incomplete: false, ready: true })
    for (const amount of ['0', 'abc', '-1', '']) {
      send.setAmount(amount)
      expect(send.check().incomplete, amount).toBe(true)
    }
    send.setAmount('3')
    expect(send.check()).toMatchObject({ amount: 'amountAboveBalance', incomplete: false, ready: false })
    send.setAmount('0.0000000001')
    expect(send.check()).toMatchObject({ amount: 'amountTooManyDecimals', incomplete: false })
    // The whole balance leaves nothing for the fee.
    send.setAmount('2')
    await settled(send)
    expect(send.check()).toMatchObject({ amount: 'insufficientFunds', incomplete: false, ready: false })
  })

  it('sends SOL as a plain transfer in lamports, with the fee estimate', async () => {
    const { send, sendTransaction, estimateFee } = solanaSend()
    send.setAmount('1.5')
    send.setReceiver(TO)
    await settled(send)
    expect(estimateFee).toHaveBeenLastCalledWith({ to: TO, value: 0n })
    await expect(send.send()).resolves.toEqual({ status: 'sent', hash: '5'.repeat(88) })
    expect(sendTransaction).toHaveBeenCalledWith({ to: TO, value: 1_500_000_000n, fee: FEE })
  })

  it('sends USDC as an SPL transfer of its mint in base units to the receiver, never as contract data', async () => {
    const { send, sendTransaction, estimateFee } = solanaSend()
    const usdc = send.tokens().find((token) => token.symbol === 'USDC')
    // The mint's base58 keeps its case: it is the token's key and address.
    expect(usdc).toMatchObject({ key: USDC_MINT, address: USDC_MINT, decimals: 6, balance: 25_500_000n })
    send.selectToken(USDC_MINT)
    send.setAmount('10.25')
    send.setReceiver(TO)
    await settled(send)
    const transfer = { to: TO, value: 10_250_000n, token: { address: USDC_MINT, decimals: 6 } }
    expect(estimateFee).toHaveBeenLastCalledWith(transfer)
    expect(send.request()).toEqual({ ...transfer, fee: FEE })
    await send.send()
    expect(sendTransaction).toHaveBeenCalledWith({ ...transfer, fee: FEE })
    expect(sendTransaction.mock.calls[0]?.[0]).not.toHaveProperty('data')
  })

  it('warns when the receiver is the mint itself, comparing base58 case-sensitively', async () => {
    const { send } = solanaSend()
    send.selectToken(USDC_MINT)
    send.setReceiver(USDC_MINT)
    expect(send.check().warning).toBe('tokenContract')
    send.setReceiver(TO)
    expect(send.check().warning).toBeUndefined()
  })
})

describe('block explorer links on Solana', () => {
  const address = FROM
  it('has none for a cluster the devnet serves, as for the devnet EVM chains', () => {
    const config = parseConfig({ projectId: 'test', networks: [1, solanaDevnet], adapters: [solana()] })
    expect(blockExplorerUrl(config, solanaDevnet)).toBeUndefined()
    expect(blockExplorerUrl(config, solanaMainnet)).toBeUndefined()
  })

  it("links to the cluster's explorer page when the adapter has the cluster's own RPC URL", () => {
    const config = parseConfig({
      projectId: 'test',
      networks: [solanaDevnet, solanaMainnet],
      adapters: [solana({ rpcUrls: { [solanaDevnet.caipNetworkId]: 'https://rpc.example/devnet' } })],
    })
    const explorer = blockExplorerUrl(config, solanaDevnet) as string
    expect(explorer).toBe('https://explorer.solana.com?cluster=devnet')
    expect(blockExplorerLink(explorer, 'address', address)).toBe(
      `https://explorer.solana.com/address/${address}?cluster=devnet`,
    )
    expect(blockExplorerLink(explorer, 'tx', '5'.repeat(88))).toBe(
      `https://explorer.solana.com/tx/${'5'.repeat(88)}?cluster=devnet`,
    )
    expect(blockExplorerUrl(config, solanaMainnet)).toBeUndefined()
  })

  it('takes the explorer the dApp configures by CAIP-2 id, or none', () => {
    const config = parseConfig({
      projectId: 'test',
      networks: [1, solanaDevnet, solanaMainnet],
      adapters: [solana({ rpcUrls: { [solanaMainnet.caipNetworkId]: 'https://rpc.example/mainnet' } })],
      blockExplorerUrls: {
        [solanaDevnet.caipNetworkId]: 'https://solscan.example/?cluster=devnet',
        [solanaMainnet.caipNetworkId]: false,
      },
    })
    const explorer = blockExplorerUrl(config, solanaDevnet) as string
    expect(blockExplorerLink(explorer, 'address', address)).toBe(
      `https://solscan.example/address/${address}?cluster=devnet`,
    )
    expect(blockExplorerUrl(config, solanaMainnet)).toBeUndefined()
  })
})
