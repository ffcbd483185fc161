/** A setting the auth service cannot start with; the message names the variable to change. */
export class InvalidAuthConfigError extends Error {
  readonly code = 'AUTH_CONFIG_INVALID'
}
