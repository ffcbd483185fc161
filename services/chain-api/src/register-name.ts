import { type Kysely, sql } from 'kysely'
import { type Hex, HttpRequestError, keccak256, stringToHex, TimeoutError } from 'viem'
import { z } from 'zod'
import { accountNameSchema, chainIdOfCoinType } from './account-name.js'
import type { ChainApiDatabase } from './chain-api-database.js'
import { InvalidParameterError, UpstreamError } from './chain-api-errors.js'
import type { ChainClients } from './chain-clients.js'
import { duplicateJsonKey } from './json-duplicate-key.js'
import { lookupName } from './name-profiles.js'
import {
  messageExpired,
  messageFromFuture,
  messageReplayed,
  nameLimitReached,
  nameRuleBroken,
  nameTaken,
  signatureRefused,
} from './profile-errors.js'
import type { NameProfile } from './profile-response.js'
import { evmAddressSchema, parseParameters, projectIdSchema } from './request-parameters.js'

/** How long a signed registration message stays valid (issue #18: ten minutes). */
export const NAME_MESSAGE_MAX_AGE_SECONDS = 600
/** How far ahead of this server's clock a message may be dated (clients' clocks drift a little). */
export const NAME_MESSAGE_CLOCK_SKEW_SECONDS = 30

/** How many names one address may hold: a name is free, so one key could otherwise take them all. */
export const NAMES_PER_ADDRESS = 5

/**
 * An avatar is shown as an image by every client: https or ipfs only (no http, data: or javascript:), and
 * nothing that reads as markup or breaks out of an attribute.
 */
const avatarUrl = z
  .string()
  .max(2_048, 'longer than 2048 characters')
  .refine((value) => !/[\s<>"'`\\]/.test(value) && /^(https|ipfs):\/\/[^/?#]/.test(value), {
    error: 'expected an https:// or ipfs:// URL without spaces, quotes or angle brackets',
  })
  .refine((value) => URL.canParse(value), { error: 'expected an https:// or ipfs:// URL' })

/** POST /v1/profile/account: Web3Modal's BlockchainApiRegisterNameParams as it sends them. */
const registerNameRequest = z.object({
  projectId: projectIdSchema.optional(),
  // Web3Modal sends a number, the service's own documentation a string: both are read.
  coin_type: z.union(
    [
      z.number(),
      z
        .string()
        .regex(/^\d{1,10}$/, 'expected a number')
        .transform(Number),
    ],
    {
      error: 'expected an ENSIP-11 coin type',
    },
  ),
  address: evmAddressSchema,
  message: z.string({ error: 'is required' }).min(1, 'is required').max(4_096, 'longer than 4096 characters'),
  // An EOA signature is 65 bytes; ERC-6492 wraps a smart account's with its factory call, so allow more.
  signature: z
    .string({ error: 'is required' })
    .regex(/^0x[0-9a-fA-F]+$/, 'expected a 0x hex signature')
    .max(20_000, 'longer than 20000 characters'),
})

/** The signed message: `{name: "<name>.wcn.id", attributes: {}, timestamp: <unix seconds>}`. */
const registrationMessage = z.object({
  name: z.string({ error: 'is required' }),
  attributes: z
    .strictObject({
      avatar: avatarUrl.optional(),
      bio: z.string().max(280, 'longer than 280 characters').optional(),
    })
    .optional(),
  timestamp: z.number({ error: 'expected unix seconds' }).int('expected unix seconds').nonnegative(),
})

export interface RegisterNameContext {
  db: Kysely<ChainApiDatabase>
  clients: Pick<ChainClients, 'chainIds' | 'client'>
  /** Clock in ms. */
  now: () => number
}

/**
 * Registers `<name>.wcn.id` for the address that signed the message (EIP-191; ERC-1271 and ERC-6492 for
 * smart accounts, through the chain the coin type names). Refusals carry their field and reason: a name
 * that breaks the rule or is taken in any letter case, a signature by another key, a message older than
 * ten minutes, dated in the future, or already used.
 */
export async function registerName(context: RegisterNameContext, body: unknown): Promise<NameProfile> {
  const request = parseParameters(registerNameRequest, body)
  const chainId = chainIdOfCoinType(request.coin_type)
  if (chainId === undefined) throw new InvalidParameterError('coin_type', 'not an ENSIP-11 EVM coin type')
  if (!context.clients.chainIds.includes(chainId))
    throw new InvalidParameterError('coin_type', `eip155:${chainId} is not served here`)

  let json: unknown
  try {
    json = JSON.parse(request.message)
  } catch {
    throw new InvalidParameterError('message', 'expected the JSON of {name, attributes, timestamp}')
  }
  // Of two `name` keys JSON.parse keeps the last; a wallet may show the first. One meaning per message.
  const duplicate = duplicateJsonKey(request.message)
  if (duplicate !== undefined)
    throw new InvalidParameterError('message', `the key ${JSON.stringify(duplicate)} appears twice`)
  const message = parseParameters(registrationMessage, json)
  const name = accountNameSchema.safeParse(message.name)
  if (!name.success) throw nameRuleBroken(name.error.issues[0]?.message ?? 'Invalid name')

  const nowSeconds = Math.floor(context.now() / 1000)
  if (nowSeconds - message.timestamp > NAME_MESSAGE_MAX_AGE_SECONDS)
    throw messageExpired(NAME_MESSAGE_MAX_AGE_SECONDS)
  if (message.timestamp - nowSeconds > NAME_MESSAGE_CLOCK_SKEW_SECONDS) throw messageFromFuture()

  if (!(await verifySignature(context, chainId, request.address, request.message, request.signature as Hex)))
    throw signatureRefused()

  const attributes = message.attributes ?? {}
  const at = new Date(context.now())
  await context.db.transaction().execute(async (tx) => {
    // One registration per address at a time (across replicas), so the count below cannot be raced.
    await sql`select pg_advisory_xact_lock(hashtext(${`portico:names:${request.address.toLowerCase()}`}))`.execute(
      tx,
    )
    const held = await tx
      .selectFrom('names')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('address', '=', request.address)
      .executeTakeFirstOrThrow()
    if (Number(held.count) >= NAMES_PER_ADDRESS) throw nameLimitReached(NAMES_PER_ADDRESS)
    const fresh = await tx
      .insertInto('used_name_messages')
      .values({ message_hash: usedMessageKey(request.address, request.message), used_at: at })
      .onConflict((conflict) => conflict.doNothing())
      .returning('message_hash')
      .executeTakeFirst()
    if (!fresh) throw messageReplayed()
    // The unique index on lower(name) turns a second spelling of a taken name into no row.
    const inserted = await tx
      .insertInto('names')
      .values({
        name: name.data,
        address: request.address,
        avatar: attributes.avatar ?? null,
        attributes: JSON.stringify(attributes),
        created_at: at,
        updated_at: at,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning('name')
      .executeTakeFirst()
    if (!inserted) throw nameTaken(name.data)
    await tx
      .insertInto('name_addresses')
      .values({ name: name.data, coin_type: request.coin_type, address: request.address, created_at: at })
      .execute()
  })
  const profile = await lookupName(context.db, name.data)
  if (!profile) throw new Error(`registered ${name.data} but cannot read it back`)
  return profile
}

/**
 * What makes a signed message count once: its signer and its text. Not the signature itself, which an
 * ECDSA signer can restate in a second valid form, and not the text alone, which two visitors asking for
 * one name in the same second both sign.
 */
const usedMessageKey = (address: string, message: string) =>
  keccak256(stringToHex(`${address.toLowerCase()}\n${message}`))

/** EOA signatures are checked locally first; a contract account's through its chain (ERC-1271 / ERC-6492). */
async function verifySignature(
  context: RegisterNameContext,
  chainId: number,
  address: `0x${string}`,
  message: string,
  signature: Hex,
): Promise<boolean> {
  try {
    return await context.clients.client(chainId).verifyMessage({ address, message, signature, mode: 'eoa' })
  } catch (error) {
    // A node that did not answer is not the client's fault; anything else (a malformed signature, a
    // validator that reverted) is no valid signature of this address.
    if (isUnreachableNode(error)) throw new UpstreamError(chainId, error)
    return false
  }
}

const isUnreachableNode = (error: unknown): boolean =>
  error instanceof HttpRequestError ||
  error instanceof TimeoutError ||
  (error instanceof Error && error.cause !== error && isUnreachableNode(error.cause))
