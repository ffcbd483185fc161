import type { TokenBalance } from '../clients/chain-api-schemas.js'
import { createStore, type Store } from '../store.js'
import type { ChainId } from './caip.js'

/** A network token's balance. */
export interface Balance {
  /** Base units as a decimal string (bigint does not survive JSON storage). */
  value: string
  /** The token's decimals: 18 for ETH, 9 for SOL. */
  decimals: number
  /** The token's symbol, e.g. `ETH`. */
  symbol: string
  /** The chain the balance is on. */
  chainId: ChainId
}

export interface AccountState {
  balance: Balance | undefined
  balanceStatus: 'idle' | 'loading' | 'ready' | 'error'
  profileName: string | undefined
  profileImage: string | undefined
  /** Native and ERC-20 balances with USD values, from the Blockchain API. */
  tokenBalances: readonly TokenBalance[]
  tokensStatus: 'idle' | 'loading' | 'ready' | 'error'
}

export interface AccountController {
  store: Store<AccountState>
  setBalanceLoading(): void
  setBalance(balance: Balance): void
  setBalanceError(): void
  setTokens(update: Pick<AccountState, 'tokensStatus'> & Partial<Pick<AccountState, 'tokenBalances'>>): void
  setProfile(profile: { name: string | null; avatar: string | null }): void
  reset(): void
}

export function createAccountController(initialBalance?: Balance): AccountController {
  const initial: AccountState = {
    balance: undefined,
    balanceStatus: 'idle',
    profileName: undefined,
    profileImage: undefined,
    tokenBalances: [],
    tokensStatus: 'idle',
  }
  const store = createStore<AccountState>({
    ...initial,
    balance: initialBalance,
    balanceStatus: initialBalance ? 'ready' : 'idle',
  })
  return {
    store,
    setBalanceLoading: () => store.setState({ balanceStatus: 'loading' }),
    setBalance: (balance) => store.setState({ balance, balanceStatus: 'ready' }),
    setBalanceError: () => store.setState({ balanceStatus: 'error' }),
    setTokens: (update) => store.setState(update),
    setProfile: ({ name, avatar }) =>
      store.setState({ profileName: name ?? undefined, profileImage: avatar ?? undefined }),
    reset: () => store.setState(initial),
  }
}
