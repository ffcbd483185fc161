import { parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { describeApprovalRequest } from './describe-approval-request.js'
import { decodeMessageText } from './message-text.js'

const base = {
  origin: 'http://127.0.0.1:3000',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId: 10,
  chainName: 'OP Mainnet',
}

describe('describeApprovalRequest', () => {
  it('puts each request kind into words', () => {
    expect(describeApprovalRequest({ kind: 'connect', ...base }).title).toBe(
      'Connect this site to your wallet',
    )
    expect(
      describeApprovalRequest({
        kind: 'send-transaction',
        ...base,
        to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        value: parseEther('0.25'),
        data: undefined,
      }).title,
    ).toBe('Send 0.25 ETH to 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 on OP Mainnet (10)')
    expect(
      describeApprovalRequest({
        kind: 'sign-typed-data',
        ...base,
        primaryType: 'Permit',
        domain: {},
        message: {},
      }).title,
    ).toBe('Sign typed data: Permit')
    expect(
      describeApprovalRequest({
        kind: 'add-chain',
        ...base,
        newChainId: 1337,
        newChainName: 'Local',
        rpcUrls: ['http://127.0.0.1:8545'],
      }).title,
    ).toBe('Add network Local (1337)')
    const sign = describeApprovalRequest({
      kind: 'sign-message',
      ...base,
      message: 'hello',
      rawMessage: '0x68656c6c6f',
    })
    expect(sign.details).toContainEqual({ label: 'Message', value: 'hello' })
  })
})

describe('decodeMessageText', () => {
  it('decodes UTF-8 text and keeps binary or plain payloads as they are', () => {
    expect(decodeMessageText('0x48656c6c6f2c20c3a9')).toBe('Hello, é')
    expect(decodeMessageText('0x00ff10')).toBe('0x00ff10')
    expect(decodeMessageText('plain text')).toBe('plain text')
  })
})
