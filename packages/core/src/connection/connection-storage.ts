import type { Balance } from './account-controller.js'
import type { Connection } from './connection-controller.js'
import { type KeyValueStorage, readJson, removeKey, type Validator, writeJson } from './key-value-storage.js'

/** What is remembered between visits so a returning visitor sees their account on the first frame. */
export interface StoredConnection {
  connection: Connection
  balance?: Balance | undefined
  /** The connections of other namespaces, kept beside the active one (an EVM and a Solana account). */
  others?: readonly Connection[] | undefined
}

export const CONNECTION_STORAGE_KEY = 'portico.connection'

type Fields = Record<string, unknown>
const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isInt = (value: unknown): value is number => Number.isInteger(value)
/** An EIP-155 chain id, or another namespace's chain reference (CAIP-2: up to 32 characters). */
const isChainId = (value: unknown, namespace: string): value is number | string =>
  namespace === 'eip155'
    ? isInt(value) && value > 0
    : typeof value === 'string' && /^[-_a-zA-Z0-9]{1,32}$/.test(value)

/** The address check of each namespace comes from its adapter: the kernel knows no address format. */
export type AddressCheck = (namespace: string, address: string) => boolean

function readConnection(value: unknown, isAddress: AddressCheck): Connection | undefined {
  if (!isObject(value)) return undefined
  const { accounts, chainId, connectorId, connectorName, connectorIcon } = value
  // Connections remembered before namespaces were recorded are all EVM ones.
  const namespace = value.namespace ?? 'eip155'
  if (typeof namespace !== 'string') return undefined
  if (!Array.isArray(accounts) || accounts.length === 0) return undefined
  if (!accounts.every((account) => typeof account === 'string' && isAddress(namespace, account)))
    return undefined
  if (!isChainId(chainId, namespace)) return undefined
  if (typeof connectorId !== 'string' || connectorId.length === 0) return undefined
  if (typeof connectorName !== 'string') return undefined
  if (connectorIcon !== undefined && typeof connectorIcon !== 'string') return undefined
  return {
    namespace,
    accounts: accounts as string[],
    chainId,
    connectorId,
    connectorName,
    ...(connectorIcon === undefined ? {} : { connectorIcon }),
  }
}

function readBalance(value: unknown): Balance | undefined {
  if (!isObject(value)) return undefined
  const { value: amount, decimals, symbol, chainId } = value
  if (typeof amount !== 'string' || !/^\d+$/.test(amount)) return undefined
  if (!isInt(decimals) || typeof symbol !== 'string') return undefined
  if (!isInt(chainId) && !(typeof chainId === 'string' && chainId.length > 0)) return undefined
  return { value: amount, decimals, symbol, chainId }
}

/**
 * The shape check of the remembered connection, hand-written rather than zod so the first paint
 * carries no schema library; like a zod object it drops unknown keys.
 */
export const storedConnectionGuard = (isAddress: AddressCheck): Validator<StoredConnection> => ({
  safeParse(value) {
    if (!isObject(value)) return { success: false }
    const connection = readConnection(value.connection, isAddress)
    if (!connection) return { success: false }
    const balance = value.balance === undefined ? undefined : readBalance(value.balance)
    if (value.balance !== undefined && !balance) return { success: false }
    // Another namespace's connection that no longer reads is dropped alone: the active one still counts.
    const others = (Array.isArray(value.others) ? value.others : [])
      .map((other) => readConnection(other, isAddress))
      .filter((other): other is Connection => other !== undefined && other.namespace !== connection.namespace)
    return {
      success: true,
      data: { connection, ...(balance ? { balance } : {}), ...(others.length > 0 ? { others } : {}) },
    }
  },
})

/** Reads the remembered connection; anything unreadable is dropped rather than trusted. */
export function readStoredConnection(
  storage: KeyValueStorage | undefined,
  isAddress: AddressCheck,
): StoredConnection | undefined {
  return readJson(storage, CONNECTION_STORAGE_KEY, storedConnectionGuard(isAddress))
}

/**
 * The connection the first render shows: the one the server rendered with (`initialState`, from the
 * request's cookie) when given, so the client's first render matches its HTML; else the storage's.
 */
export function readFirstConnection(
  storage: KeyValueStorage | undefined,
  initialState: unknown,
  isAddress: AddressCheck,
): StoredConnection | undefined {
  if (initialState === undefined) return readStoredConnection(storage, isAddress)
  const parsed = storedConnectionGuard(isAddress).safeParse(initialState)
  return parsed.success ? parsed.data : undefined
}

export function writeStoredConnection(storage: KeyValueStorage | undefined, value: StoredConnection): void {
  writeJson(storage, CONNECTION_STORAGE_KEY, value)
}

export function clearStoredConnection(storage: KeyValueStorage | undefined): void {
  removeKey(storage, CONNECTION_STORAGE_KEY)
}
