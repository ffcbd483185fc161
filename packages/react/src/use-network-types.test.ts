import type { ChainId, Network } from '@portico/core'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { createPortico } from './portico-provider.js'
import type { ConnectButtonState } from './use-connect-button.js'
import { useNetwork } from './use-network.js'
import { usePortico } from './use-portico.js'

// Type tests: the package's typecheck (tsc over src) fails when one does not hold. The functions are
// never called; vitest only sees that they exist. The registered path (`Register`) is in register.test.ts.

/** A network object whose chain id is known by type, as `solanaDevnet` from @portico/solana is. */
type SolanaDevnet = Network & { chainId: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1' }

const baseAndMainnet = () => createPortico({ projectId: 'p', networks: [1, 8453], adapters: [] })

describe('chain ids narrowed to the configured networks', () => {
  it('createPortico keeps the chain ids as written, numbers and network objects alike', () => {
    const check = (devnet: SolanaDevnet) => {
      expectTypeOf(baseAndMainnet().switchNetwork).parameter(0).toEqualTypeOf<1 | 8453>()
      const both = createPortico({ projectId: 'p', networks: [1, devnet], adapters: [] })
      expectTypeOf(both.switchNetwork).parameter(0).toEqualTypeOf<1 | 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1'>()
    }
    expect(check).toBeTypeOf('function')
  })

  it('useNetwork and usePortico given the instance type take only its chain ids', () => {
    const inComponent = () => {
      const { switchNetwork } = useNetwork<ReturnType<typeof baseAndMainnet>>()
      void switchNetwork(8453)
      // @ts-expect-error OP Mainnet (10) is not in the config's networks
      void switchNetwork(10)
      const portico = usePortico<ReturnType<typeof baseAndMainnet>>()
      void portico.switchNetwork(1)
      // @ts-expect-error Polygon (137) is not in the config's networks
      void portico.switchNetwork(137)
    }
    expect(inComponent).toBeTypeOf('function')
  })

  it('defaultChainId must be one of the networks', () => {
    const configs = () => {
      createPortico({ projectId: 'p', networks: [1, 8453], defaultChainId: 8453, adapters: [] })
      // @ts-expect-error 10 is not one of the networks
      createPortico({ projectId: 'p', networks: [1, 8453], defaultChainId: 10, adapters: [] })
    }
    expect(configs).toBeTypeOf('function')
  })

  it('without a registered instance, any chain id type-checks (the config is not known)', () => {
    const inComponent = () => {
      expectTypeOf(useNetwork().switchNetwork).parameter(0).toEqualTypeOf<ChainId>()
      const networks: number[] = [1, 8453]
      expectTypeOf(createPortico({ projectId: 'p', networks, adapters: [] }).switchNetwork)
        .parameter(0)
        .toEqualTypeOf<number>()
    }
    expect(inComponent).toBeTypeOf('function')
  })
})

describe("ConnectButton.Custom's account", () => {
  it("has useAccount's address type: a 0x string once the namespace is eip155", () => {
    const render = ({ account }: ConnectButtonState) => {
      if (!account) return
      // @ts-expect-error not narrowed yet: it may be a Solana address
      const early: `0x${string}` = account.address
      if (account.namespace !== 'eip155') return early
      expectTypeOf(account.address).toEqualTypeOf<`0x${string}`>()
      return account.address
    }
    expect(render).toBeTypeOf('function')
  })
})
