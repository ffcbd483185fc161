import { createHash, randomBytes } from 'node:crypto'

/** A 32-byte random token, base64url. */
export const randomToken = () => randomBytes(32).toString('base64url')

/** Tokens and codes are stored only as their sha256, so a database leak grants nothing. */
export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex')
