import { describe, expect, it } from 'vitest'
import type { Connector } from '../../connection/connector.js'
import { findConnector } from '../../connection/find-connector.js'
import { groupMultiChainConnectors } from './multi-chain-connectors.js'

const evmHalf: Connector = {
  id: 'dev.portico.testwallet',
  name: 'Portico Test Wallet',
  type: 'ANNOUNCED',
  namespace: 'eip155',
  imageUrl: 'data:image/svg+xml,evm',
  info: { rdns: 'dev.portico.testwallet' },
  installed: true,
}
const solanaHalf: Connector = {
  id: 'solana:Portico Test Wallet',
  name: 'Portico Test Wallet',
  type: 'ANNOUNCED',
  namespace: 'solana',
  imageUrl: 'data:image/svg+xml,solana',
  installed: true,
}
const walletConnect: Connector = {
  id: 'walletconnect',
  name: 'WalletConnect',
  type: 'WALLET_CONNECT',
  namespace: 'eip155',
  installed: false,
}

describe('multi-chain connectors', () => {
  it('makes a wallet announced in two namespaces one MULTI_CHAIN connector, in the first half’s place', () => {
    const phantomSolana = { ...solanaHalf, id: 'solana:Phantom', name: 'Phantom' }
    const grouped = groupMultiChainConnectors([evmHalf, walletConnect, solanaHalf, phantomSolana])
    expect(grouped.map((connector) => connector.type)).toEqual(['MULTI_CHAIN', 'WALLET_CONNECT', 'ANNOUNCED'])
    const [wallet] = grouped
    expect(wallet).toMatchObject({
      id: 'multichain:Portico Test Wallet',
      name: 'Portico Test Wallet',
      imageUrl: evmHalf.imageUrl,
      info: { rdns: 'dev.portico.testwallet' },
      installed: true,
    })
    // Each half keeps its own id and namespace, and shares the wallet's rdns (its recent row finds it).
    expect(
      wallet?.providers?.map(({ id, namespace, info }) => ({ id, namespace, rdns: info?.rdns })),
    ).toEqual([
      { id: evmHalf.id, namespace: 'eip155', rdns: 'dev.portico.testwallet' },
      { id: solanaHalf.id, namespace: 'solana', rdns: 'dev.portico.testwallet' },
    ])
    // A Solana-only wallet stays a row of its own.
    expect(grouped[2]).toEqual(phantomSolana)
  })

  it('leaves wallets of one namespace alone, even under one name, and never merges WalletConnect', () => {
    const twin = { ...evmHalf, id: 'dev.other.wallet', info: { rdns: 'dev.other.wallet' } }
    const solanaWalletConnect = { ...walletConnect, id: 'walletconnect-solana', namespace: 'solana' }
    const connectors = [evmHalf, twin, walletConnect, solanaWalletConnect]
    expect(groupMultiChainConnectors(connectors)).toEqual(connectors)
    // With a Solana half, the first of the namespace's twins takes it.
    expect(groupMultiChainConnectors([evmHalf, twin, solanaHalf]).map((connector) => connector.id)).toEqual([
      'multichain:Portico Test Wallet',
      'dev.other.wallet',
    ])
  })

  it('finds a half by its own id, and the wallet by the MULTI_CHAIN id', () => {
    const grouped = groupMultiChainConnectors([evmHalf, solanaHalf])
    expect(findConnector(grouped, solanaHalf.id)).toMatchObject({ id: solanaHalf.id, namespace: 'solana' })
    expect(findConnector(grouped, 'multichain:Portico Test Wallet')?.type).toBe('MULTI_CHAIN')
    expect(findConnector(grouped, 'nothing')).toBeUndefined()
  })
})
