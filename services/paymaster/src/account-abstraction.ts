// `@portico/paymaster/account-abstraction`: the bundler and paymaster on a devnet, for the stack, tests and
// benches. A subpath of its own, so the paymaster service itself never loads the bundler or the devnet.
export {
  type AccountAbstractionServices,
  type StartAccountAbstractionOptions,
  startAccountAbstraction,
} from './start-account-abstraction.js'
export { type SponsoredDevnet, startSponsoredDevnet } from './start-sponsored-devnet.js'
