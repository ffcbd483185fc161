import * as z from 'zod/mini'
import { NamesError, type NamesErrorKind } from './names-errors.js'
import {
  type NameProfile,
  type NameSuggestion,
  nameProfileSchema,
  nameRefusalSchema,
  nameSuggestionsSchema,
} from './names-schemas.js'

export interface RegisterNameParams {
  coinType: number
  address: string
  /** The JSON the wallet signed. */
  message: string
  signature: string
}

/** The chain API's account names (`/v1/profile/*`), as Web3Modal 5.1.11 calls them. */
export interface NamesClient {
  /** The profile of a name, or undefined when it is not registered. */
  lookup(name: string): Promise<NameProfile | undefined>
  reverse(address: string): Promise<NameProfile[]>
  suggestions(name: string): Promise<NameSuggestion[]>
  register(params: RegisterNameParams): Promise<NameProfile>
}

export function createNamesClient(options: {
  baseUrl: string
  projectId: string
  fetch?: typeof fetch
}): NamesClient {
  const baseUrl = options.baseUrl.replace(/\/$/, '')
  const fetcher = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  const url = (path: string, params: Record<string, string> = {}) =>
    `${baseUrl}${path}?${new URLSearchParams({ projectId: options.projectId, ...params })}`

  /** Sends a request; a refusal becomes a NamesError with the service's reason, a bad answer one without. */
  async function request<T>(
    kind: NamesErrorKind,
    target: string,
    init: RequestInit,
    parse: (body: unknown) => T | undefined,
    accountName?: string,
  ): Promise<{ status: number; value: T | undefined }> {
    let response: Response
    try {
      response = await fetcher(target, init)
    } catch (cause) {
      throw new NamesError(kind, undefined, accountName, { cause })
    }
    const body: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const refusal = nameRefusalSchema.safeParse(body)
      const reason = refusal.success ? refusal.data.reasons[0]?.description : undefined
      if (response.status === 404 && kind === 'resolve') return { status: 404, value: undefined }
      throw new NamesError(kind, reason, accountName)
    }
    const value = parse(body)
    if (value === undefined) throw new NamesError(kind, undefined, accountName)
    return { status: response.status, value }
  }
  const parseWith =
    <T>(schema: { safeParse(input: unknown): { success: boolean; data?: T } }) =>
    (body: unknown) => {
      const result = schema.safeParse(body)
      return result.success ? result.data : undefined
    }

  return {
    async lookup(name) {
      const target = url(`/v1/profile/account/${encodeURIComponent(name)}`, { apiVersion: '2' })
      return (await request('resolve', target, {}, parseWith(nameProfileSchema), name)).value
    },
    async reverse(address) {
      const target = url(`/v1/profile/reverse/${encodeURIComponent(address)}`, { apiVersion: '2' })
      const { value } = await request('reverse', target, {}, parseWith(z.array(nameProfileSchema)))
      return value ?? []
    },
    async suggestions(name) {
      const target = url(`/v1/profile/suggestions/${encodeURIComponent(name)}`, { apiVersion: '2' })
      const { value } = await request('suggestions', target, {}, parseWith(nameSuggestionsSchema), name)
      return value?.suggestions ?? []
    },
    async register({ coinType, address, message, signature }) {
      const init: RequestInit = {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ coin_type: coinType, address, message, signature }),
      }
      const { value } = await request(
        'register',
        url('/v1/profile/account'),
        init,
        parseWith(nameProfileSchema),
      )
      if (!value) throw new NamesError('register')
      return value
    },
  }
}
