export {
  type CreateSiweOptions,
  createSiwe,
  DEFAULT_CLOCK_SKEW_MS,
  DEFAULT_NONCE_TTL_MS,
  DEFAULT_SESSION_TTL_MS,
  type Siwe,
  type SiweVerifyRequest,
  siweVerifyRequestSchema,
} from './create-siwe.js'
export { generateNonce } from './nonce.js'
export { DEFAULT_NONCE_LIMITS, type NonceLimits } from './nonce-limits.js'
export {
  SiweError,
  type SiweErrorCode,
  SiweInvalidMessageError,
  SiweInvalidSignatureError,
  SiweIssuedAtOutOfRangeError,
  SiweMessageExpiredError,
  SiweMessageNotYetValidError,
  SiweNonceExpiredError,
  SiweNonceReusedError,
  SiweTooManyNoncesError,
  SiweUnknownNonceError,
  SiweWrongChainError,
  SiweWrongDomainError,
  SiweWrongUriError,
} from './siwe-errors.js'
export {
  createMemorySiweStore,
  type NonceState,
  type SiweSession,
  type SiweStore,
} from './siwe-store.js'
