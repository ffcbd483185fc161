import { decodeFunctionData, erc20Abi, getAddress } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAccountController } from '../../connection/account-controller.js'
import type { FeeEstimate, TransactionRequest } from '../../connection/chain-adapter.js'
import { createConnectionController } from '../../connection/connection-controller.js'
import { UserRejectedRequestError } from '../../errors/wallet-errors.js'
import { createKernelEvents } from '../../kernel/kernel-events.js'
import { createSendController, type SendController, walletErrorText } from './send-controller.js'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TO = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const USDC = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
const FEE: FeeEstimate = {
  fee: 21_000n * 10n ** 9n,
  maxFee: 21_000n * 3n * 10n ** 9n,
  terms: { gas: 21_000n },
}

function setUp(
  options: {
    estimate?: () => Promise<FeeEstimate>
    send?: (request: TransactionRequest) => Promise<string>
  } = {},
) {
  const account = createAccountController()
  account.setBalance({ value: (2n * 10n ** 18n).toString(), decimals: 18, symbol: 'ETH', chainId: 1 })
  account.setTokens({
    tokensStatus: 'ready',
    tokenBalances: [
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId: 'eip155:1',
        address: `eip155:1:${USDC}`,
        price: 1,
        quantity: { decimals: '6', numeric: '25.5' },
      },
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:1',
        price: 3000,
        quantity: { decimals: '18', numeric: '2' },
      },
    ],
  })
  const connection = createConnectionController()
  connection.setConnected({
    namespace: 'eip155',
    accounts: [FROM],
    chainId: 1,
    connectorId: 'test',
    connectorName: 'Test',
  })
  const events = createKernelEvents()
  const estimateFee = vi.fn(options.estimate ?? (async () => FEE))
  const sendTransaction = vi.fn(options.send ?? (async () => `0x${'ab'.repeat(32)}`))
  const lookups: string[] = []
  const onConfirmed = vi.fn()
  const send = createSendController(
    {
      config: { chainApiUrl: 'http://chain-api.test', projectId: 'test' } as never,
      account,
      connection,
      on: events.on,
      estimateFee,
      sendTransaction,
    },
    {
      nameLookupDebounceMs: 0,
      feeEstimateDebounceMs: 0,
      onConfirmed,
      lookupName: async (name) => {
        lookups.push(name)
        if (name !== 'alice.wcn.id') throw new Error('404')
        return { name, address: TO, avatar: 'https://images.test/alice.png' }
      },
    },
  )
  controllers.push(send)
  return { send, estimateFee, sendTransaction, events, lookups, onConfirmed }
}

const controllers: SendController[] = []
afterEach(() => {
  for (const controller of controllers.splice(0)) controller.dispose()
})

const settled = (send: SendController) =>
  vi.waitFor(() => {
    const { feeStatus, receiverStatus } = send.store.getState()
    if (feeStatus === 'loading' || receiverStatus === 'resolving') throw new Error('pending')
  })

describe('send controller', () => {
  it('offers the native token first, then the tokens, with exact balances', () => {
    const { send } = setUp()
    expect(send.tokens().map((token) => [token.symbol, token.balance])).toEqual([
      ['ETH', 2n * 10n ** 18n],
      ['USDC', 25_500_000n],
    ])
    expect(send.token()?.symbol).toBe('ETH')
  })

  it('Max of the native token leaves the fee ceiling, and follows a new estimate', async () => {
    let maxFee = FEE.maxFee
    const { send } = setUp({ estimate: async () => ({ ...FEE, maxFee }) })
    send.setReceiver(TO)
    await settled(send)
    send.setMax()
    await settled(send)
    expect(send.store.getState().sendTokenAmount).toBe('1.999937')
    maxFee = 10n ** 18n
    send.setReceiver(FROM)
    await settled(send)
    expect(send.store.getState().sendTokenAmount).toBe('1')
    expect(send.check()).toMatchObject({ amount: undefined, ready: true })
    // Editing the amount ends Max.
    send.setAmount('1.5')
    await settled(send)
    expect(send.check().amount).toBe('insufficientFunds')
  })

  it('Max of a token is its whole balance', async () => {
    const { send } = setUp()
    send.selectToken(USDC.toLowerCase())
    send.setMax()
    await settled(send)
    expect(send.store.getState().sendTokenAmount).toBe('25.5')
  })

  it('refuses zero, too much, too many decimals and a bad receiver without asking the wallet', async () => {
    const { send, sendTransaction } = setUp()
    send.setReceiver('0x1234')
    send.setAmount('0')
    await settled(send)
    expect(send.check()).toMatchObject({ amount: 'amountZero', receiver: 'receiverInvalid', ready: false })
    send.setAmount('3')
    send.setReceiver(TO.slice(2))
    await settled(send)
    expect(send.check()).toMatchObject({ amount: 'amountAboveBalance', receiver: undefined })
    send.setAmount('0.0000000000000000001')
    expect(send.check().amount).toBe('amountTooManyDecimals')
    await expect(send.send()).resolves.toMatchObject({ status: 'invalid' })
    expect(sendTransaction).not.toHaveBeenCalled()
  })

  it('sends a token with ERC-20 transfer calldata and the fee terms, and warns when the receiver is the token', async () => {
    const { send, sendTransaction } = setUp()
    send.selectToken(USDC.toLowerCase())
    send.setAmount('12.25')
    send.setReceiver(USDC)
    await settled(send)
    expect(send.check()).toMatchObject({ warning: 'tokenContract', ready: true })
    send.setReceiver(TO)
    await settled(send)
    expect(send.check().warning).toBeUndefined()
    await expect(send.send()).resolves.toEqual({ status: 'sent', hash: `0x${'ab'.repeat(32)}` })
    const request = sendTransaction.mock.calls[0]?.[0] as TransactionRequest
    expect(request).toMatchObject({ to: USDC, value: 0n, fee: FEE })
    expect(decodeFunctionData({ abi: erc20Abi, data: request.data as `0x${string}` })).toEqual({
      functionName: 'transfer',
      args: [expect.stringMatching(new RegExp(TO, 'i')), 12_250_000n],
    })
  })

  it('resolves a name to its address and profile, and says when it cannot', async () => {
    const { send } = setUp()
    send.setReceiver('alice.wcn.id')
    expect(send.store.getState().receiverStatus).toBe('resolving')
    await settled(send)
    expect(send.store.getState()).toMatchObject({
      receiverAddress: getAddress(TO),
      receiverProfileName: 'alice.wcn.id',
      receiverProfileImage: 'https://images.test/alice.png',
    })
    send.setReceiver('nobody.wcn.id')
    await settled(send)
    expect(send.store.getState()).toMatchObject({ receiverStatus: 'notFound', receiverAddress: undefined })
    expect(send.check().receiver).toBe('nameNotResolved')
  })

  it("keeps the form after a rejection in the wallet, with the wallet's words", async () => {
    const walletError = Object.assign(new Error('User denied transaction signature.'), { code: 4001 })
    const { send } = setUp({
      send: async () => {
        throw new UserRejectedRequestError({ cause: walletError })
      },
    })
    send.setAmount('0.5')
    send.setReceiver(TO)
    await settled(send)
    await expect(send.send()).resolves.toEqual({
      status: 'rejected',
      message: 'User denied transaction signature.',
    })
    expect(send.store.getState()).toMatchObject({
      sendTokenAmount: '0.5',
      receiverAddress: getAddress(TO),
      status: 'editing',
    })
  })

  it('clears the form once its transaction is confirmed', async () => {
    const { send, events, onConfirmed } = setUp()
    send.setAmount('0.5')
    send.setReceiver(TO)
    await settled(send)
    const outcome = await send.send()
    if (outcome.status !== 'sent') throw new Error('not sent')
    const connection = {
      namespace: 'eip155',
      accounts: [FROM],
      chainId: 1,
      connectorId: 'test',
      connectorName: 'Test',
    } as const
    events.emit('transactionConfirmed', { hash: `0x${'cd'.repeat(32)}`, connection, status: 'success' })
    expect(send.store.getState().status).toBe('sent')
    events.emit('transactionConfirmed', { hash: outcome.hash, connection, status: 'success' })
    expect(send.store.getState()).toMatchObject({ status: 'editing', sendTokenAmount: '', receiverInput: '' })
    expect(onConfirmed).toHaveBeenCalledWith('success')
  })
})

describe('walletErrorText', () => {
  it("reads the wallet's own message under the wrappers", () => {
    const inner = { code: 4001, message: 'Rejected by user' }
    expect(walletErrorText(new Error('outer', { cause: new Error('middle', { cause: inner }) }))).toBe(
      'Rejected by user',
    )
    expect(walletErrorText('nothing')).toBeUndefined()
  })
})
