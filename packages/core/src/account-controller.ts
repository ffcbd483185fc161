import { createStore, type Store } from './store.js'

export interface Balance {
  /** Base units as a decimal string (bigint does not survive JSON storage). */
  value: string
  decimals: number
  symbol: string
  chainId: number
}

export interface AccountState {
  balance: Balance | undefined
  balanceStatus: 'idle' | 'loading' | 'ready' | 'error'
  profileName: string | undefined
  profileImage: string | undefined
}

export interface AccountController {
  store: Store<AccountState>
  setBalanceLoading(): void
  setBalance(balance: Balance): void
  setBalanceError(): void
  reset(): void
}

export function createAccountController(initialBalance?: Balance): AccountController {
  const initial: AccountState = {
    balance: undefined,
    balanceStatus: 'idle',
    profileName: undefined,
    profileImage: undefined,
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
    reset: () => store.setState(initial),
  }
}
