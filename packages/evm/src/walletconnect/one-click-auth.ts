import type { OneClickSignInRequest } from '@portico/core/internal'
import type { SignClient } from '@walletconnect/sign-client'
import { formatMessage, getDidAddress, getDidChainId } from '@walletconnect/utils'

type Client = Awaited<ReturnType<typeof SignClient.init>>
type AuthenticateParams = Parameters<Client['authenticate']>[0]
type AuthenticateResult = Awaited<ReturnType<Awaited<ReturnType<Client['authenticate']>>['response']>>
/** A wallet's signed CAIP-122 message (a CACAO). */
export type Cacao = NonNullable<AuthenticateResult['auths']>[number]

/**
 * What `authenticate()` (wc_sessionAuthenticate) asks the wallet to sign: the dApp's sign-in message on
 * each chain (the first is the one the visitor picked, the one a wallet signs on), and the methods the
 * session that comes with it may use.
 */
export function authenticateParams(
  request: OneClickSignInRequest,
  chainIds: readonly number[],
  methods: readonly string[],
): AuthenticateParams {
  return {
    chains: chainIds.map((id) => `eip155:${id}`),
    methods: [...methods],
    domain: request.domain,
    uri: request.uri,
    nonce: request.nonce,
    ...(request.statement === undefined ? {} : { statement: request.statement }),
    ...(request.resources === undefined ? {} : { resources: request.resources }),
    ...(request.expirationTime === undefined ? {} : { exp: request.expirationTime }),
  }
}

export interface SignedSignIn {
  /** The CAIP-122 message the wallet signed, as EIP-4361 text. */
  message: string
  signature: string
  address: string
  chainId: number
}

/** The message text, signature and signer of a wallet's cacao, for the dApp's backend to check. */
export function readSignedCacao(cacao: Cacao): SignedSignIn | undefined {
  const { p: payload, s: signature } = cacao
  // A plain-key or smart-account (EIP-1271) signature of an eip155 account; nothing else signs in.
  if (!/^did:pkh:eip155:\d+:0x[0-9a-fA-F]{40}$/.test(payload.iss)) return undefined
  if (!/^0x[0-9a-fA-F]+$/.test(signature.s)) return undefined
  return {
    message: formatMessage(payload, payload.iss),
    signature: signature.s,
    address: getDidAddress(payload.iss) as string,
    chainId: Number(getDidChainId(payload.iss)),
  }
}
