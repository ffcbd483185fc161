export {
  type CreateSiweOptions,
  createSiwe,
  DEFAULT_NONCE_TTL_MS,
  DEFAULT_SESSION_TTL_MS,
  type Siwe,
  type SiweVerifyRequest,
  siweVerifyRequestSchema,
} from './create-siwe.js'
export { generateNonce } from './nonce.js'
export {
  SiweError,
  type SiweErrorCode,
  SiweInvalidMessageError,
  SiweInvalidSignatureError,
  SiweMessageExpiredError,
  SiweMessageNotYetValidError,
  SiweNonceExpiredError,
  SiweNonceReusedError,
  SiweUnknownNonceError,
  SiweWrongChainError,
  SiweWrongDomainError,
} from './siwe-errors.js'
export {
  createMemorySiweStore,
  type NonceState,
  type SiweSession,
  type SiweStore,
} from './siwe-store.js'
