import { ChainApiError } from './chain-api-errors.js'

/**
 * A refused name request. Besides the kit's error body it is answered with `reasons: [{name, description}]`
 * (Web3Modal's BlockchainApiEnsError): `name` is the field at fault, `description` what a visitor reads.
 */
export class NameRequestRefusedError extends ChainApiError {
  constructor(
    code: string,
    statusCode: number,
    /** The field at fault: name, signature, timestamp, message, coin_type or address. */
    readonly field: string,
    description: string,
  ) {
    super(code, statusCode, description, field)
  }
}

export const nameRuleBroken = (description: string) =>
  new NameRequestRefusedError('INVALID_NAME', 400, 'name', description)

export const nameTaken = (name: string) =>
  new NameRequestRefusedError('NAME_TAKEN', 409, 'name', `The name ${name} is already registered`)

export const signatureRefused = () =>
  new NameRequestRefusedError(
    'INVALID_SIGNATURE',
    401,
    'signature',
    'The signature is not by the address the name is registered for',
  )

export const messageExpired = (maxAgeSeconds: number) =>
  new NameRequestRefusedError(
    'MESSAGE_EXPIRED',
    401,
    'timestamp',
    `The signed message is older than ${maxAgeSeconds / 60} minutes; sign a new one`,
  )

export const messageFromFuture = () =>
  new NameRequestRefusedError(
    'MESSAGE_NOT_YET_VALID',
    401,
    'timestamp',
    'The signed message is dated in the future; check the device clock',
  )

export const messageReplayed = () =>
  new NameRequestRefusedError(
    'MESSAGE_REPLAYED',
    409,
    'message',
    'This signed message was already used; sign a new one',
  )

export const nameLimitReached = (limit: number) =>
  new NameRequestRefusedError(
    'NAME_LIMIT_REACHED',
    429,
    'address',
    `This address already holds ${limit} names, the most one address may register`,
  )
