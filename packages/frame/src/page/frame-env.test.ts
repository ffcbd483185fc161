import type { FrameEnv } from '@portico/wire'
import { describe, expect, it } from 'vitest'
import { sponsorshipFor } from './frame-env.js'

const env: FrameEnv = {
  authUrl: 'http://localhost:3004',
  rpcUrlTemplate: 'http://127.0.0.1:8545/{chainId}',
  bundlerUrlTemplate: 'http://127.0.0.1:3006/{chainId}',
  paymasterUrlTemplate: 'http://127.0.0.1:3007/{projectId}',
  chainIds: [1, 10],
  allowedOrigins: [],
}

describe('the operator’s sponsorship per chain', () => {
  it('fills the bundler and paymaster templates on a chain the frame may use', () => {
    expect(sponsorshipFor(env, 10, 'my app')).toEqual({
      bundlerUrl: 'http://127.0.0.1:3006/10',
      paymasterUrl: 'http://127.0.0.1:3007/my%20app',
    })
  })

  it('sponsors nothing on another chain, or without both a bundler and a paymaster', () => {
    expect(sponsorshipFor(env, 137, 'p')).toBeUndefined()
    expect(sponsorshipFor({ ...env, paymasterUrlTemplate: undefined }, 10, 'p')).toBeUndefined()
    expect(sponsorshipFor({ ...env, bundlerUrlTemplate: undefined }, 10, 'p')).toBeUndefined()
  })
})
