import { type PorticoConfig, setLocale } from '@portico/core'
import { type ChainAdapterFactory, defineMessages, resolveConfig } from '@portico/core/internal'
import { afterEach, describe, expect, it } from 'vitest'
import { hasView, loadView, viewTitle } from '../modal/view-loader.js'
import { defineFeature } from './define-feature.js'
import { accountRows, connectSections, features } from './features.js'

const adapter: ChainAdapterFactory = {
  namespace: 'eip155',
  isAddress: () => true,
  watchConnectors: () => () => {},
  load: () => Promise.reject(new Error('not used')),
}
const config = (features?: {
  email?: boolean
  socials?: []
  passkey?: boolean
  swaps?: boolean
}): PorticoConfig =>
  resolveConfig({ projectId: 'test', networks: [1], adapters: [adapter], ...(features ? { features } : {}) })

afterEach(() => setLocale('en-US'))

describe('features', () => {
  it('draws every view the core opens by name, each in one feature', () => {
    const core = [
      'Connect',
      'ConnectingWallet',
      'Pairing',
      'Account',
      'Networks',
      'UnsupportedChain',
      'EmailVerifyOtp',
      'EmailVerifyDevice',
      'ConnectingSocial',
      'ConnectingFarcaster',
      'UpdateEmailPrimaryOtp',
      'UpdateEmailSecondaryOtp',
      'ApproveRequest',
      'ActionNotAllowed',
      'RegisterAccountName',
      'RegisterAccountNameSuccess',
    ] as const
    for (const view of core) expect(hasView(view), view).toBe(true)
    const names = features.flatMap((feature) => Object.keys(feature.views))
    expect(new Set(names).size).toBe(names.length)
  })

  it('titles a view from its feature catalogue, in the active locale once its translation loads', async () => {
    expect(viewTitle('Activity')).toBe('Activity')
    expect(viewTitle('AllWallets')).toBe('All wallets')
    const messages = defineMessages({
      id: 'history',
      messages: { title: 'History', row: 'See history' },
      load: async (locale) => (locale === 'fr' ? { title: 'Historique' } : undefined),
    })
    const history = defineFeature({
      id: 'history',
      messages,
      views: { Activity: { title: 'title', load: () => import('./activity/activity-view.js') } },
      accountRows: [{ view: 'Activity', label: 'row' }],
    })
    expect(history.views.Activity.title()).toBe('History')
    await setLocale('fr-FR')
    expect(history.views.Activity.title()).toBe('Historique')
    // What the translation lacks stays in English.
    expect(history.accountRows[0]?.label()).toBe('See history')
  })

  it('loads a view only when asked, and the same component on every ask', async () => {
    const first = await loadView('Activity')
    expect(await loadView('Activity')).toBe(first)
    await expect(loadView('Nope' as never)).rejects.toThrow('No view named Nope')
  })

  it('turns sign-in off with its config switch: its views, its Connect section and its Account row go', () => {
    const on = config()
    const off = config({ email: false, socials: [], passkey: false })
    expect(hasView('EmailVerifyOtp', on)).toBe(true)
    expect(hasView('EmailVerifyOtp', off)).toBe(false)
    // Passkey sign-in alone keeps the sign-in section (and its views).
    const passkeyOnly = config({ email: false, socials: [] })
    expect(hasView('ConnectingPasskey', passkeyOnly)).toBe(true)
    expect(connectSections(passkeyOnly).map(({ feature }) => feature)).toEqual(['auth'])
    expect(hasView('Connect', off)).toBe(true)
    expect(connectSections(on).map(({ feature }) => feature)).toEqual(['auth'])
    expect(connectSections(off)).toEqual([])
    const emailAccount = { embedded: true, emailSignIn: true, chainId: undefined }
    expect(accountRows(on, emailAccount).map((row) => row.view)).toEqual([
      'OnRampProviders',
      'Send',
      'Receive',
      'Activity',
      'RegisterAccountName',
      'UpdateEmail',
      'ExportKey',
    ])
    // A social account has no address of its own to change; a wallet of the visitor's has no account,
    // and exports its key itself.
    expect(
      accountRows(on, { embedded: true, emailSignIn: false, chainId: undefined }).map((row) => row.view),
    ).toEqual(['OnRampProviders', 'Send', 'Receive', 'Activity', 'RegisterAccountName', 'ExportKey'])
    expect(
      accountRows(on, { embedded: false, emailSignIn: false, chainId: undefined }).map((row) => row.view),
    ).toEqual(['OnRampProviders', 'Send', 'Receive', 'Activity', 'RegisterAccountName'])
    expect(accountRows(off, emailAccount).map((row) => row.label())).toEqual([
      'Buy crypto',
      'Send',
      'Receive',
      'Activity',
      'Choose a name',
    ])
  })

  it('offers Swap on swap-supported networks only, and not at all with features.swaps off', () => {
    const wallet = { embedded: false, emailSignIn: false }
    const rows = (chainId: number | undefined, swaps?: boolean) =>
      accountRows(config(swaps === undefined ? undefined : { swaps }), { ...wallet, chainId }).map(
        (row) => row.view,
      )
    for (const chainId of [1, 10, 137, 8453, 42161]) expect(rows(chainId)).toContain('Swap')
    expect(rows(11155111)).not.toContain('Swap')
    expect(rows(undefined)).not.toContain('Swap')
    expect(rows(1, false)).not.toContain('Swap')
    expect(hasView('SwapPreview', config({ swaps: false }))).toBe(false)
    expect(hasView('SwapSelectToken', config())).toBe(true)
    expect(features.find((feature) => feature.id === 'swap')?.accountRows[0]?.label()).toBe('Swap')
  })

  it('offers Send, Receive and Activity on a Solana cluster, and none of the EVM-only rows', () => {
    const solanaDevnet = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
    const rows = accountRows(config(), { embedded: false, emailSignIn: false, chainId: solanaDevnet })
    expect(rows.map((row) => row.view)).toEqual(['Send', 'Receive', 'Activity'])
    // The same wallet on Ethereum has Buy crypto, Swap and Choose a name too.
    expect(
      accountRows(config(), { embedded: false, emailSignIn: false, chainId: 1 }).map((row) => row.view),
    ).toEqual(['OnRampProviders', 'Swap', 'Send', 'Receive', 'Activity', 'RegisterAccountName'])
  })
})
