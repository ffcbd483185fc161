import { PorticoError } from '@portico/wire'

/** Why a sign-in was refused; stable, so a backend can map it to its own answer. */
export type SiweErrorCode =
  | 'INVALID_MESSAGE'
  | 'UNKNOWN_NONCE'
  | 'NONCE_REUSED'
  | 'NONCE_EXPIRED'
  | 'MESSAGE_EXPIRED'
  | 'MESSAGE_NOT_YET_VALID'
  | 'WRONG_DOMAIN'
  | 'WRONG_CHAIN'
  | 'WRONG_URI'
  | 'ISSUED_AT_OUT_OF_RANGE'
  | 'INVALID_SIGNATURE'
  | 'TOO_MANY_NONCES'

/** A refused sign-in: `code` says which rule it broke, `message` is for people. */
export class SiweError extends PorticoError<SiweErrorCode> {
  override name = 'SiweError'

  // Its codes are the sign-in's own: their entries in the docs carry the prefix.
  override get docsPath(): string {
    return `/docs/errors#siwe-${this.code.toLowerCase()}`
  }
}

/** The text is not an EIP-4361 message, or lacks a field the sign-in needs. */
export class SiweInvalidMessageError extends SiweError {
  override name = 'SiweInvalidMessageError'
  constructor(reason: string) {
    super('INVALID_MESSAGE', `Not a valid sign-in message: ${reason}.`)
  }
}

/** The nonce was never issued here (or was forgotten after it expired). */
export class SiweUnknownNonceError extends SiweError {
  override name = 'SiweUnknownNonceError'
  constructor() {
    super('UNKNOWN_NONCE', 'The nonce was not issued by this server.')
  }
}

/** The nonce signed in once already: this is a replay. */
export class SiweNonceReusedError extends SiweError {
  override name = 'SiweNonceReusedError'
  constructor() {
    super('NONCE_REUSED', 'The nonce was already used; ask for a new one.')
  }
}

/** The nonce was issued longer ago than the nonce lifetime (`nonceTtlMs`). */
export class SiweNonceExpiredError extends SiweError {
  override name = 'SiweNonceExpiredError'
  constructor() {
    super('NONCE_EXPIRED', 'The nonce expired; ask for a new one.')
  }
}

/** The message's own `Expiration Time` has passed. */
export class SiweMessageExpiredError extends SiweError {
  override name = 'SiweMessageExpiredError'
  constructor() {
    super('MESSAGE_EXPIRED', 'The sign-in message expired.')
  }
}

/** The message's `Not Before` is still ahead. */
export class SiweMessageNotYetValidError extends SiweError {
  override name = 'SiweMessageNotYetValidError'
  constructor() {
    super('MESSAGE_NOT_YET_VALID', 'The sign-in message is not valid yet.')
  }
}

/** The message names another site than this one: it was signed for someone else. */
export class SiweWrongDomainError extends SiweError {
  override name = 'SiweWrongDomainError'
  constructor(domain: string) {
    super('WRONG_DOMAIN', `The message is for ${JSON.stringify(domain)}, not for this site.`)
  }
}

/** The message's chain is not one of `chainIds`. */
export class SiweWrongChainError extends SiweError {
  override name = 'SiweWrongChainError'
  constructor(chainId: number) {
    super('WRONG_CHAIN', `Chain ${chainId} is not accepted for sign-in.`)
  }
}

/** The signature is not the message's address's (another key, or another message). */
export class SiweInvalidSignatureError extends SiweError {
  override name = 'SiweInvalidSignatureError'
  constructor() {
    super('INVALID_SIGNATURE', 'The signature does not belong to the address in the message.')
  }
}

/** The message's `URI` is not on the site its `domain` names: a resource of another site. */
export class SiweWrongUriError extends SiweError {
  override name = 'SiweWrongUriError'
  constructor(uri: string) {
    super('WRONG_URI', `The message's URI ${JSON.stringify(uri)} is not on this site.`)
  }
}

/** The message's `Issued At` is further from the server's clock than a fresh sign-in can be. */
export class SiweIssuedAtOutOfRangeError extends SiweError {
  override name = 'SiweIssuedAtOutOfRangeError'
  constructor() {
    super('ISSUED_AT_OUT_OF_RANGE', 'The sign-in message was not issued just now; sign a new one.')
  }
}

/** Too many nonces asked for (by this client, or by everyone together); ask again later. */
export class SiweTooManyNoncesError extends SiweError {
  override name = 'SiweTooManyNoncesError'
  constructor(readonly retryAfterSeconds: number) {
    super('TOO_MANY_NONCES', `Too many sign-in nonces requested; retry in ${retryAfterSeconds} s.`)
  }
}
