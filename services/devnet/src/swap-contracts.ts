import { type Address, getContractAddress } from 'viem'
import { DEPLOYER_ADDRESS } from './dev-accounts.js'
import { DEV_TOKEN_SPECS, devToken } from './dev-tokens.js'

/** Deployer nonce of the first swap contract: right after the dev tokens. */
const FIRST_NONCE = DEV_TOKEN_SPECS.length

const at = (offset: number): Address =>
  getContractAddress({ from: DEPLOYER_ADDRESS, nonce: BigInt(FIRST_NONCE + offset) })

/**
 * The Uniswap V2 deployment of every devnet chain, at the same addresses everywhere (fixed deployer nonces):
 * WETH9 (the wrapped native currency, whatever the chain's currency is), the factory, Router02, and the
 * front that takes the swap provider fee before swapping on the router. `stablecoin` is the token prices
 * are quoted against.
 */
export type DevnetSwapContracts = {
  weth: Address
  factory: Address
  router: Address
  feeRouter: Address
  stablecoin: Address
}

export const SWAP_CONTRACTS: DevnetSwapContracts = {
  weth: at(0),
  factory: at(1),
  router: at(2),
  feeRouter: at(3),
  stablecoin: devToken('USDC').address,
}

/** The nonces SWAP_CONTRACTS are deployed at, in order. */
export const SWAP_CONTRACT_NONCES = {
  weth: FIRST_NONCE,
  factory: FIRST_NONCE + 1,
  router: FIRST_NONCE + 2,
  feeRouter: FIRST_NONCE + 3,
} as const

/** Share of the amount in that the fee router keeps for the provider (its FEE_MILLIONTHS / 1e6). */
export const SWAP_PROVIDER_FEE = 0.0085
