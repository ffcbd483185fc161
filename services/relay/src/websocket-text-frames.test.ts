import { describe, expect, it } from 'vitest'
import * as ws from 'ws'
import { subscriptionFrame } from './json-rpc-frames.js'
import { wireMessage, wireMessageJson } from './message-record.js'
import { testMessageRecord } from './test-message-record.js'
import { encodeTextFrames } from './websocket-text-frames.js'

// ws exports its frame codec, which @types/ws does not declare.
const { Sender, Receiver } = ws as unknown as {
  Sender: { frame(data: Buffer, options: Record<string, unknown>): Buffer[] }
  Receiver: new (options: {
    isServer: boolean
  }) => {
    on(event: 'message', listener: (data: Buffer) => void): void
    write(chunk: Buffer): void
  }
}

/** What ws's own sender writes for one text frame from the server. */
function wsFrame(text: string) {
  const options = { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false }
  return Buffer.concat(Sender.frame(Buffer.from(text), options))
}

/** Reads frames back the way a ws client does (client side: frames must not be masked). */
function readFrames(bytes: Buffer) {
  const received: string[] = []
  const receiver = new Receiver({ isServer: false })
  receiver.on('message', (data) => received.push(data.toString()))
  receiver.write(bytes)
  return received
}

describe('encodeTextFrames', () => {
  // The three length encodings (7-bit, 16-bit, 64-bit) at their edges, and multi-byte UTF-8.
  const texts = [
    '',
    'a'.repeat(125),
    'b'.repeat(126),
    'c'.repeat(65_535),
    'd'.repeat(65_536),
    'é€𝄞'.repeat(50),
  ]

  it.each(texts.map((text) => [text.length, text]))('writes a %i-character frame as ws does', (_, text) => {
    expect(encodeTextFrames([text]).equals(wsFrame(text))).toBe(true)
  })

  it('puts several frames back to back, in order, readable by a ws client', () => {
    const bytes = encodeTextFrames(texts)
    expect(bytes.equals(Buffer.concat(texts.map(wsFrame)))).toBe(true)
    expect(readFrames(bytes)).toEqual(texts)
  })
})

describe('subscriptionFrame', () => {
  it('is the JSON of the push object, byte for byte, with and without attestation', () => {
    const topic = 'ab'.repeat(32)
    for (const record of [
      testMessageRecord(topic, 'm"\\\n\u2028é'),
      { ...testMessageRecord(topic, 'signed'), attestation: 'att"estation' },
    ]) {
      const data = wireMessage(record)
      expect(wireMessageJson(record)).toBe(JSON.stringify(data))
      const push = { id: 17, jsonrpc: '2.0', method: 'irn_subscription', params: { id: 'sub', data } }
      expect(subscriptionFrame(17, 'sub', wireMessageJson(record))).toBe(JSON.stringify(push))
    }
  })
})
