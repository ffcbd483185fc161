import type { ConnectionState, Portico } from '@portico/core'
import { ChainNotConfiguredError, createConnector, ProviderNotFoundError } from '@wagmi/core'
import {
  type Address,
  type EIP1193Provider,
  getAddress,
  SwitchChainError,
  UserRejectedRequestError,
} from 'viem'
import { followingTransactions } from './following-transactions.js'

/** Parameters of the `portico()` wagmi connector. */
export interface PorticoConnectorParameters {
  /** The Portico instance the dApp's `<PorticoProvider portico={…}>` renders. */
  portico: Portico
}

/** The EVM half of Portico's connection as wagmi sees it: absent until a wallet is confirmed. */
function evmConnection(state: ConnectionState) {
  if (state.status === 'reconnecting' || state.status === 'disconnected') return undefined
  const connection = state.connections.eip155
  if (!connection || typeof connection.chainId !== 'number' || connection.accounts.length === 0)
    return undefined
  return {
    accounts: connection.accounts.map((account) => getAddress(account)) as readonly Address[],
    chainId: connection.chainId,
  }
}

const sameAccounts = (a: readonly Address[], b: readonly Address[]) =>
  a.length === b.length && a.every((address, index) => address === b[index])

/**
 * A wagmi connector for whatever wallet the visitor connected through Portico: an injected or EIP-6963
 * wallet, a WalletConnect pairing or the embedded e-mail/social wallet. Its provider is that wallet's
 * EIP-1193 provider, so every wagmi action signs and sends through it; connecting, switching and
 * disconnecting follow Portico both ways, and transactions sent through wagmi refresh Portico's balance
 * and activity once confirmed. `useConnect` with it opens Portico's modal.
 */
export function portico(parameters: PorticoConnectorParameters) {
  const { portico: instance } = parameters
  const store = instance.connection.store
  const current = () => evmConnection(store.getState())

  /** Resolves once a remembered connection is confirmed or dropped, or an attempt in flight ended. */
  const settled = () =>
    new Promise<void>((resolve) => {
      const pending = () => ['reconnecting', 'connecting'].includes(store.getState().status)
      if (!pending()) return resolve()
      const unsubscribe = store.subscribe(() => {
        if (pending()) return
        unsubscribe()
        resolve()
      })
    })

  /** Opens the modal and resolves once an EVM wallet is connected; rejects when the visitor closes it first. */
  const connectThroughModal = () =>
    new Promise<NonNullable<ReturnType<typeof current>>>((resolve, reject) => {
      const stops: (() => void)[] = []
      const finish = (outcome: () => void) => {
        for (const stop of stops) stop()
        outcome()
      }
      stops.push(
        store.subscribe((state) => {
          const connected = evmConnection(state)
          if (connected && state.status === 'connected') finish(() => resolve(connected))
        }),
        instance.modal.store.subscribe((state, previous) => {
          if (previous.open && !state.open && !current())
            finish(() => reject(new UserRejectedRequestError(new Error('The visitor closed the modal.'))))
        }),
      )
      instance.open()
    })

  return createConnector<EIP1193Provider>((config) => {
    let following: { raw: unknown; wrapped: EIP1193Provider } | undefined
    let subscribed = false

    return {
      id: 'portico',
      name: 'Portico',
      type: portico.type,

      async setup() {
        // Portico's own connects, switches and disconnects (its modal, the wallet) reach wagmi as events.
        // It lives as long as the config and the Portico instance do (one page).
        if (subscribed) return
        subscribed = true
        let previous = current()
        store.subscribe((state) => {
          const next = evmConnection(state)
          const before = previous
          previous = next
          if (!before && next) config.emitter.emit('connect', next)
          else if (before && !next) config.emitter.emit('disconnect')
          else if (before && next) {
            const accountsChanged = !sameAccounts(before.accounts, next.accounts)
            if (accountsChanged || before.chainId !== next.chainId)
              config.emitter.emit('change', {
                ...(accountsChanged ? { accounts: next.accounts } : {}),
                ...(before.chainId !== next.chainId ? { chainId: next.chainId } : {}),
              })
          }
        })
      },

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        await settled()
        let connected = current()
        if (!connected) {
          if (isReconnecting) throw new ProviderNotFoundError()
          if (chainId !== undefined) await instance.switchNetwork(chainId)
          connected = await connectThroughModal()
        } else if (chainId !== undefined && chainId !== connected.chainId) {
          await this.switchChain?.({ chainId })
          connected = current() ?? connected
        }
        return {
          accounts: (withCapabilities
            ? connected.accounts.map((address) => ({ address, capabilities: {} }))
            : connected.accounts) as never,
          chainId: connected.chainId,
        }
      },

      async disconnect() {
        if (store.getState().connections.eip155) await instance.disconnect()
      },

      async getAccounts() {
        await settled()
        return current()?.accounts ?? []
      },

      async getChainId() {
        await settled()
        const connected = current()
        if (connected) return connected.chainId
        const chosen = instance.network.store.getState().defaultChainId
        return typeof chosen === 'number' ? chosen : config.chains[0].id
      },

      async getProvider() {
        await settled()
        const raw = await instance.getProvider('eip155')
        if (!raw) throw new ProviderNotFoundError()
        if (following?.raw !== raw)
          following = {
            raw,
            wrapped: followingTransactions(raw as EIP1193Provider, (hash) =>
              instance.watchTransaction(hash, 'eip155'),
            ),
          }
        return following.wrapped
      },

      async isAuthorized() {
        await settled()
        return current() !== undefined
      },

      async switchChain({ chainId }) {
        const chain = config.chains.find((candidate) => candidate.id === chainId)
        if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
        if (current()?.chainId === chainId) return chain
        // Portico reports a refusal as a toast of its own; wagmi learns of it from the chain not changing.
        await instance.switchNetwork(chainId)
        if (current()?.chainId !== chainId)
          throw new SwitchChainError(new Error(`The wallet did not switch to chain ${chainId}.`))
        return chain
      },

      // Portico watches the wallet's own events; wagmi hears of them through the store (setup above).
      onAccountsChanged() {},
      onChainChanged() {},
      onDisconnect() {},
    }
  })
}

portico.type = 'portico' as const
