/**
 * Every code a Portico error can carry. Callers branch on it; the modal picks its text for it from the
 * message catalogue (`errorMessages`), never from the error's own (developer-facing, English) message.
 */
export type PorticoErrorCode =
  // Using the library
  | 'CONFIG_INVALID'
  | 'RUNTIME_NOT_LOADED'
  | 'ADAPTER_MISSING'
  | 'NOT_CONNECTED'
  | 'CONNECTOR_ALREADY_CONNECTED'
  | 'CONNECTOR_NOT_FOUND'
  | 'PROVIDER_NOT_FOUND'
  | 'CHAIN_NOT_CONFIGURED'
  | 'USER_CANCELLED'
  // A wallet's answer (EIP-1193 codes where the wallet gave one)
  | 'USER_REJECTED'
  | 'UNAUTHORIZED'
  | 'UNSUPPORTED_METHOD'
  | 'DISCONNECTED'
  | 'CHAIN_DISCONNECTED'
  | 'UNRECOGNIZED_CHAIN'
  | 'RPC_TIMEOUT'
  | 'INVALID_WALLET_RESPONSE'
  | 'WALLET_ERROR'
  /** The account cannot pay for the transaction (its value and network fee). */
  | 'INSUFFICIENT_FUNDS'
  // Portico's own HTTP services
  | 'HTTP_ERROR'
  | 'INVALID_RESPONSE'
  // The embedded wallet: the auth service's error codes, as the wallet frame passes them on
  | 'AUTH_LOAD_FAILED'
  | 'AUTH_BAD_REQUEST'
  | 'AUTH_UNAUTHORIZED'
  | 'AUTH_COOLDOWN'
  | 'AUTH_INVALID_OTP'
  | 'AUTH_OTP_EXPIRED'
  | 'AUTH_OTP_LOCKED'
  | 'AUTH_RATE_LIMITED'
  | 'AUTH_NOT_FOUND'
  | 'AUTH_CONFLICT'
  | 'AUTH_ORIGIN_NOT_ALLOWED'
  | 'AUTH_PROVIDER_ERROR'
  | 'AUTH_STEP_UP_REQUIRED'
  | 'AUTH_UNAVAILABLE'
  | 'AUTH_SOCIAL_WINDOW_CLOSED'
  | 'AUTH_LOGIN_TIMED_OUT'
  /** Set-up: the auth service does not let this page's origin embed the wallet frame of the project. */
  | 'FRAME_ORIGIN_NOT_ALLOWED'
  /** Set-up: nothing answers as an auth service at the configured `authUrl`. */
  | 'AUTH_SERVICE_UNREACHABLE'
  /** The visitor closed the passkey sheet or the browser's passkey prompt, or no passkey answered. */
  | 'AUTH_PASSKEY_CANCELLED'
  | 'AUTH_PASSKEY_UNSUPPORTED'
  /** The passkey used belongs to no account of the wallet's auth service. */
  | 'AUTH_PASSKEY_UNKNOWN'
  /** The auth service's operator switched passkey sign-in off. */
  | 'AUTH_PASSKEY_OFF'
  // The wallet frame itself
  | 'FRAME_UNAVAILABLE'
  | 'FRAME_TIMEOUT'
  | 'FRAME_ABORTED'
  | 'FRAME_ERROR'
  | 'ACTION_NOT_ALLOWED'
  | 'UNKNOWN'
