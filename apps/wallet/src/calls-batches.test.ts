import type { Hex } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { type CallsStatus, createCallsBatches } from './calls-batches.js'

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex
const receipt = (transactionHash: Hex, status: Hex) => ({
  transactionHash,
  status,
  blockHash: hash(99),
  blockNumber: '0x5',
  gasUsed: '0x5208',
  logs: [{ address: '0x00000000000000000000000000000000000000aa', data: '0x', topics: [], logIndex: '0x0' }],
})
const request = (calls: number) => ({
  version: '2.0.0',
  chainId: 10,
  calls: Array.from({ length: calls }, () => ({ value: 0n })),
  atomicRequired: false,
  capabilities: {},
})

/** A chain scripted by hand: the n-th call sent gets hash n and, once asked, the receipt status given. */
function scripted(statuses: Hex[]) {
  let sent = 0
  const send = vi.fn(async () => hash(++sent))
  const read = vi.fn(async (_chainId: number, _method: string, params?: readonly unknown[]) => {
    const index = Number(BigInt(params?.[0] as Hex)) - 1
    return receipt(hash(index + 1), statuses[index] as Hex)
  })
  return createCallsBatches({ read, send, pollMs: 1 })
}

async function settled(batches: ReturnType<typeof scripted>, id: string): Promise<CallsStatus> {
  return vi.waitFor(async () => {
    const status = await batches.status(id)
    if (status.status === 100) throw new Error('pending')
    return status
  })
}

describe('calls batches', () => {
  it('reports receipts as EIP-5792 writes them, without the node’s extra fields', async () => {
    const batches = scripted(['0x1'])
    const status = await settled(batches, batches.start(request(1)))
    expect(status).toEqual({
      version: '2.0.0',
      id: expect.any(String),
      chainId: '0xa',
      status: 200,
      atomic: false,
      receipts: [
        {
          transactionHash: hash(1),
          status: '0x1',
          blockHash: hash(99),
          blockNumber: '0x5',
          gasUsed: '0x5208',
          logs: [{ address: '0x00000000000000000000000000000000000000aa', data: '0x', topics: [] }],
        },
      ],
    })
  })

  it('stops at a reverted call: 500 when nothing landed, 600 when something did', async () => {
    const reverted = scripted(['0x0', '0x1'])
    const first = await settled(reverted, reverted.start(request(2)))
    expect(first.status).toBe(500)
    expect(first.receipts).toHaveLength(1)

    const partial = scripted(['0x1', '0x0', '0x1'])
    const second = await settled(partial, partial.start(request(3)))
    expect(second.status).toBe(600)
    expect(second.receipts.map((entry) => entry.status)).toEqual(['0x1', '0x0'])
  })

  it('keeps a dApp-chosen id and answers unknown ids with 5730', async () => {
    const batches = scripted(['0x1'])
    expect(batches.start({ ...request(1), id: 'mine' })).toBe('mine')
    expect(batches.has('mine')).toBe(true)
    await expect(batches.status('other')).rejects.toMatchObject({ code: 5730 })
  })
})
