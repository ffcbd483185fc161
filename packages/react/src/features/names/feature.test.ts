import { NamesError, type PorticoConfig } from '@portico/core'
import { type ChainAdapterFactory, resolveConfig } from '@portico/core/internal'
import { describe, expect, it } from 'vitest'
import { accountRows } from '../features.js'
import { names } from './feature.js'
import { namesErrorText } from './names-error-text.js'

const adapter = {
  namespace: 'eip155',
  isAddress: () => true,
  watchConnectors: () => () => {},
  load: () => Promise.reject(new Error('not used')),
} as unknown as ChainAdapterFactory

const config: PorticoConfig = resolveConfig({ projectId: 'test', networks: [1], adapters: [adapter] })
const offersName = (account: Parameters<typeof accountRows>[1]) =>
  accountRows(config, account).some((row) => row.view === 'RegisterAccountName')

describe('names feature', () => {
  it('offers "Choose a name" to any connected wallet, embedded or not, while the account has no name', () => {
    expect(offersName({ embedded: false, emailSignIn: false, chainId: 1 })).toBe(true)
    expect(offersName({ embedded: true, emailSignIn: true, chainId: 1, named: false })).toBe(true)
    expect(names.accountRows[0]?.label()).toBe('Choose a name')
  })

  it('no longer offers it once the account is named (its identity, or a name just registered)', () => {
    expect(offersName({ embedded: false, emailSignIn: false, chainId: 1, named: true })).toBe(false)
    expect(offersName({ embedded: true, emailSignIn: true, chainId: 1, named: true })).toBe(false)
  })

  it("words each names error from the catalogue (spec §8), the service's own reason first", () => {
    const text = (kind: NamesError['kind'], reason?: string) =>
      namesErrorText(new NamesError(kind, reason, 'zoe-z.wcn.id'))
    expect(text('register')).toBe('Error registering name zoe-z.wcn.id')
    expect(text('register', 'The name zoe-z.wcn.id is already registered')).toBe(
      'The name zoe-z.wcn.id is already registered',
    )
    expect(text('resolve')).toBe('Error resolving name')
    expect(text('suggestions')).toBe('Error fetching name suggestions')
    expect(text('reverse')).toBe('Error fetching names for address')
    expect(text('network')).toBe('Network not found')
    expect(text('account')).toBe('Address or auth connector not found')
  })
})
