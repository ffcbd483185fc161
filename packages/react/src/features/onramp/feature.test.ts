import type { PorticoConfig } from '@portico/core'
import { type ChainAdapterFactory, resolveConfig } from '@portico/core/internal'
import { describe, expect, it } from 'vitest'
import { accountRows, features } from '../features.js'
import { onramp } from './feature.js'

const adapter = {
  namespace: 'eip155',
  isAddress: () => true,
  watchConnectors: () => () => {},
  load: () => Promise.reject(new Error('not used')),
} as unknown as ChainAdapterFactory

const config = (onrampOn?: boolean): PorticoConfig =>
  resolveConfig({
    projectId: 'test',
    networks: [1],
    adapters: [adapter],
    ...(onrampOn === undefined ? {} : { features: { onramp: onrampOn } }),
  })

const wallet = { embedded: false, emailSignIn: false, chainId: 1 }

describe('on-ramp feature', () => {
  it('is on by default: a Buy row on Account and its two views', () => {
    expect(features).toContain(onramp)
    expect(onramp.enabled(config())).toBe(true)
    expect(accountRows(config(), wallet).map((row) => row.view)).toContain('OnRampProviders')
    expect(Object.keys(onramp.views).sort()).toEqual(['BuyInProgress', 'OnRampProviders'])
    expect(onramp.views.OnRampProviders.title()).toBe('Buy crypto')
  })

  it('goes with features.onramp off', () => {
    expect(onramp.enabled(config(false))).toBe(false)
    expect(accountRows(config(false), wallet).map((row) => row.view)).not.toContain('OnRampProviders')
  })
})
