import { PorticoError } from '@portico/wire'
/** A setting the auth service cannot start with; the message names the variable to change. */
export class InvalidAuthConfigError extends PorticoError<'AUTH_CONFIG_INVALID'> {
  override name = 'InvalidAuthConfigError'
  constructor(message: string) {
    super('AUTH_CONFIG_INVALID', message)
  }
}
