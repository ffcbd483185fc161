export {
  createPaymasterServer,
  type PaymasterChain,
  type PaymasterServer,
  type PaymasterServerOptions,
} from './create-paymaster-server.js'
export {
  InvalidPaymasterConfigError,
  loadPaymasterConfig,
  type PaymasterConfig,
  parseSponsorshipPolicy,
} from './paymaster-config.js'
export { PAYMASTER_ERRORS, type RefusalReason } from './paymaster-rpc.js'
export { SponsorshipBudget } from './sponsorship-budget.js'
export {
  type ChainBudget,
  type ProjectPolicy,
  type SponsorshipPolicy,
  sponsorshipPolicySchema,
} from './sponsorship-policy.js'
