import type { TypedDataDefinition } from 'viem'
import { invalidParamsError } from './provider-rpc-error.js'

export interface TypedDataRequest {
  readonly domain: Record<string, unknown>
  readonly types: Record<string, readonly { name: string; type: string }[]>
  readonly primaryType: string
  readonly message: Record<string, unknown>
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Parses the second eth_signTypedData_v4 param: a JSON string per spec (an object is accepted too). */
export function parseTypedDataRequest(value: unknown): TypedDataRequest {
  let parsed: unknown = value
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value)
    } catch {
      throw invalidParamsError('typed data must be valid JSON')
    }
  }
  if (!isRecord(parsed)) throw invalidParamsError('typed data must be an object')
  const { domain = {}, types, primaryType, message } = parsed
  if (!isRecord(domain)) throw invalidParamsError('typed data domain must be an object')
  if (!isRecord(types)) throw invalidParamsError('typed data types must be an object')
  if (typeof primaryType !== 'string' || (primaryType !== 'EIP712Domain' && !(primaryType in types))) {
    throw invalidParamsError('typed data primaryType must name one of its types')
  }
  if (!isRecord(message)) throw invalidParamsError('typed data message must be an object')
  return {
    domain,
    types: types as TypedDataRequest['types'],
    primaryType,
    message,
  }
}

export function toViemTypedData(request: TypedDataRequest): TypedDataDefinition {
  return request as unknown as TypedDataDefinition
}
