import { describe, expect, it } from 'vitest'
import { ConnectorAlreadyConnectedError } from '../errors/errors.js'
import { UserRejectedRequestError } from '../errors/wallet-errors.js'
import { createConnectionController } from './connection-controller.js'

const connection = {
  namespace: 'eip155',
  accounts: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
  chainId: 1,
  connectorId: 'dev.portico.testwallet',
  connectorName: 'Portico Test Wallet',
}

describe('connection controller', () => {
  it('moves disconnected → connecting → connected and records the connection', () => {
    const controller = createConnectionController()
    expect(controller.store.getState().status).toBe('disconnected')
    controller.beginConnect('injected')
    expect(controller.store.getState()).toMatchObject({
      status: 'connecting',
      pendingConnectorId: 'injected',
    })
    controller.setConnected(connection)
    expect(controller.store.getState()).toMatchObject({
      status: 'connected',
      connection,
      pendingConnectorId: undefined,
    })
    expect(controller.address()).toBe(connection.accounts[0])
    expect(controller.isConnected()).toBe(true)
  })

  it('refuses to connect to the connector already in use', () => {
    const controller = createConnectionController()
    controller.setConnected(connection)
    expect(() => controller.beginConnect(connection.connectorId)).toThrow(ConnectorAlreadyConnectedError)
    expect(controller.store.getState().status).toBe('connected')
    expect(() => controller.beginConnect('injected')).not.toThrow()
  })

  it('keeps an existing connection when a new attempt fails, and records the error', () => {
    const controller = createConnectionController()
    controller.setConnected(connection)
    controller.beginConnect('injected')
    controller.failConnect(new UserRejectedRequestError())
    expect(controller.store.getState()).toMatchObject({ status: 'connected', connection })
    expect(controller.store.getState().error?.code).toBe('USER_REJECTED')

    const fresh = createConnectionController()
    fresh.beginConnect('injected')
    fresh.failConnect(new UserRejectedRequestError())
    expect(fresh.store.getState().status).toBe('disconnected')
  })

  it('shows a remembered connection as reconnecting, and disconnects when accounts become empty', () => {
    const controller = createConnectionController()
    controller.setReconnecting(connection)
    expect(controller.store.getState()).toMatchObject({ status: 'reconnecting', connection })
    expect(controller.isConnected()).toBe(false)
    controller.setConnected(connection)
    controller.setChainId(10)
    expect(controller.store.getState().connection?.chainId).toBe(10)
    controller.setAccounts([])
    expect(controller.store.getState()).toMatchObject({ status: 'disconnected', connection: undefined })
  })
})
