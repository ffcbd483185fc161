import { SOCIAL_BIND_MESSAGE_TYPE, SOCIAL_PROOF_MESSAGE_TYPE } from '@portico/wire'
import { describe, expect, it } from 'vitest'
import { answerSocialBind } from './social-flow-proof.js'

const AUTH = 'https://auth.example'
const flow = { flowId: 'F'.repeat(43), secret: 'a'.repeat(64) }

function windowSpy() {
  const sent: { message: unknown; targetOrigin: string }[] = []
  return {
    sent,
    postMessage: (message: unknown, targetOrigin: string) => sent.push({ message, targetOrigin }),
  }
}

describe('answerSocialBind', () => {
  it("answers the auth origin's sign-in window with the secret of the flow in progress, to that origin only", () => {
    const source = windowSpy()
    const data = { type: SOCIAL_BIND_MESSAGE_TYPE, flowId: flow.flowId }
    expect(answerSocialBind({ data, origin: AUTH, source }, flow, AUTH)).toBe(true)
    expect(source.sent).toEqual([
      {
        message: { type: SOCIAL_PROOF_MESSAGE_TYPE, flowId: flow.flowId, secret: flow.secret },
        targetOrigin: AUTH,
      },
    ])
  })

  it('tells nothing to another origin, another flow, or when no flow is in progress', () => {
    const source = windowSpy()
    const ask = (flowId: string) => ({ type: SOCIAL_BIND_MESSAGE_TYPE, flowId })
    expect(
      answerSocialBind({ data: ask(flow.flowId), origin: 'https://dapp.example', source }, flow, AUTH),
    ).toBe(false)
    expect(answerSocialBind({ data: ask('G'.repeat(43)), origin: AUTH, source }, flow, AUTH)).toBe(false)
    expect(answerSocialBind({ data: ask(flow.flowId), origin: AUTH, source }, undefined, AUTH)).toBe(false)
    expect(
      answerSocialBind({ data: { type: 'other', flowId: flow.flowId }, origin: AUTH, source }, flow, AUTH),
    ).toBe(false)
    expect(answerSocialBind({ data: ask(flow.flowId), origin: AUTH, source: null }, flow, AUTH)).toBe(false)
    expect(source.sent).toEqual([])
  })
})
