import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { t } from '../i18n/messages.js'
import { createPortico } from '../portico.js'
import { emptyServicesFetch } from '../testing/empty-services-fetch.js'
import { scriptedAdapter, testConnection } from '../testing/scripted-adapter.js'

function connectedSetup() {
  const scripted = scriptedAdapter()
  const portico = createPortico(
    { projectId: 'p', networks: [1, 8453], adapters: [scripted.factory] },
    { storage: undefined },
  )
  return { ...scripted, portico }
}

describe('modal flow', () => {
  beforeEach(() => vi.stubGlobal('fetch', emptyServicesFetch().fetch))
  afterEach(() => vi.unstubAllGlobals())

  it('after a switch returns to the view before Networks, or closes a Networks opened on its own', async () => {
    const { portico } = connectedSetup()
    await portico.connect(testConnection.connectorId)
    portico.open({ view: 'Account' })
    portico.router.push('Networks')
    await portico.switchNetwork(8453)
    expect(portico.router.current()?.view).toBe('Account')
    expect(portico.modal.store.getState().open).toBe(true)
    expect(portico.toast.store.getState().message).toBe(t('networkSwitched', { network: 'Base' }))

    portico.open({ view: 'Networks' })
    await portico.switchNetwork(1)
    expect(portico.modal.store.getState().open).toBe(false)
  })

  it('closes the modal when the wallet ends the connection, but not the Connect view', async () => {
    const { portico, emit } = connectedSetup()
    await portico.connect(testConnection.connectorId)
    portico.open({ view: 'Account' })
    emit({ type: 'disconnect' })
    expect(portico.modal.store.getState().open).toBe(false)

    await portico.connect(testConnection.connectorId)
    portico.open({ view: 'Connect' })
    emit({ type: 'accountsChanged', accounts: [] })
    expect(portico.modal.store.getState().open).toBe(true)
  })

  it('shows a refused connection in a toast on the view that waited for the wallet', async () => {
    const refused = Object.assign(new Error('User rejected'), { code: 4001 })
    const { factory } = scriptedAdapter({ connect: () => Promise.reject(refused) })
    const portico = createPortico(
      { projectId: 'p', networks: [1], adapters: [factory] },
      { storage: undefined },
    )
    const failures: boolean[] = []
    portico.on('connectFailed', ({ reportsOwnErrors }) => failures.push(reportsOwnErrors))
    portico.open({ view: 'Connect' })
    await expect(portico.connect(testConnection.connectorId)).rejects.toMatchObject({ code: 'USER_REJECTED' })
    expect(failures).toEqual([false])
    expect(portico.toast.store.getState()).toMatchObject({ open: true, variant: 'error' })
    expect(portico.router.current()?.view).toBe('ConnectingWallet')
  })

  it('shakes the modal and says so when the visitor picks the wallet already connected', async () => {
    const { portico } = connectedSetup()
    await portico.connect(testConnection.connectorId)
    portico.open({ view: 'Connect' })
    await expect(portico.connect(testConnection.connectorId)).rejects.toMatchObject({
      code: 'CONNECTOR_ALREADY_CONNECTED',
    })
    expect(portico.toast.store.getState()).toMatchObject({ open: true, variant: 'error' })
    expect(portico.router.current()?.view).toBe('Connect')
  })
})
