import type { EvmAddress, SolanaAddress } from '@portico/core'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { UseAccountResult } from './use-account.js'

/** viem's (and wagmi's) `Address`, as viem defines it (this package does not depend on viem). */
type Address = `0x${string}`

// Type tests: the package's typecheck (tsc over src) fails when one does not hold. The functions are
// never called; vitest only sees that they exist.
describe("useAccount's address type", () => {
  it('is a 0x string on EVM, as viem takes it, once the namespace is checked', () => {
    const onEvm = (account: UseAccountResult) => {
      if (account.namespace !== 'eip155') return
      expectTypeOf(account.address).toEqualTypeOf<`0x${string}`>()
      // viem's (and wagmi's) own address type takes it as it is.
      const forViem: Address = account.address
      return forViem
    }
    expect(onEvm).toBeTypeOf('function')
  })

  it('is a branded base58 string on Solana, which no EVM address or plain string passes for', () => {
    const onSolana = (account: UseAccountResult, evm: EvmAddress) => {
      if (account.namespace !== 'solana') return
      expectTypeOf(account.address).toEqualTypeOf<SolanaAddress>()
      expectTypeOf(account.address).toExtend<string>()
      // @ts-expect-error a Solana address is no EVM address
      const notEvm: EvmAddress = account.address
      // @ts-expect-error an EVM address is no Solana address
      const notSolana: SolanaAddress = evm
      // @ts-expect-error nor is a plain string
      const notChecked: SolanaAddress = 'So11111111111111111111111111111111111111112'
      return [notEvm, notSolana, notChecked]
    }
    expect(onSolana).toBeTypeOf('function')
  })

  it('is undefined while no account is connected, and a union of both before the check', () => {
    const beforeCheck = (account: UseAccountResult) => {
      expectTypeOf(account.address).toEqualTypeOf<EvmAddress | SolanaAddress | undefined>()
      // @ts-expect-error not narrowed yet: it may be a Solana address or undefined
      const forViem: Address = account.address
      if (account.namespace === undefined) expectTypeOf(account.address).toEqualTypeOf<undefined>()
      return forViem
    }
    expect(beforeCheck).toBeTypeOf('function')
  })
})
