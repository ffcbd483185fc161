import type { ChainId, Portico } from '@portico/core'

/**
 * Register your Portico instance's type, and the hooks narrow to your config: `useNetwork().switchNetwork`
 * and `usePortico().switchNetwork` then take only the configured chain ids.
 *
 * @example
 * ```ts
 * const portico = createPortico({ projectId: 'my-dapp', networks: [1, 8453], adapters: [evm()] })
 *
 * declare module '@portico/react' {
 *   interface Register {
 *     portico: typeof portico
 *   }
 * }
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the dApp's declaration merging
export interface Register {}

/** The Portico instance type the dApp registered (`Register['portico']`), else `Portico`. */
export type RegisteredPortico = Register extends {
  /** The registered instance's type. */
  portico: infer portico extends Portico
}
  ? portico
  : Portico

/** The chain ids of a Portico instance's config (`1 | 8453` for `networks: [1, 8453]`), else `ChainId`. */
export type ChainIdOf<portico extends Portico> = portico extends Portico<infer id> ? id : ChainId
