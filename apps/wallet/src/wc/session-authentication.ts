import { buildAuthObject, formatMessage, populateAuthPayload } from '@walletconnect/utils'
import type { HDAccount } from 'viem/accounts'

/** The methods this wallet carries out over a session (see wc-request-handler.ts). */
export const WC_WALLET_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
]

/** A `session_authenticate` request's payload (CAIP-122), as sign-client hands it to the wallet. */
export type AuthPayload = Parameters<typeof populateAuthPayload>[0]['authPayload']

export interface PreparedAuthentication {
  /** The account as a DID on the chain it signs in on: `did:pkh:eip155:<chain>:<address>`. */
  iss: string
  payload: AuthPayload
  /** The EIP-4361 text the visitor reads and the wallet signs. */
  message: string
}

/**
 * The sign-in message this wallet signs for a one-click auth request: the request narrowed to the eip155
 * chains it was asked for and the methods it supports, signed on the first of those chains (one message,
 * one signature; the session it comes with covers every chain).
 */
export function prepareAuthentication(authPayload: AuthPayload, address: string): PreparedAuthentication {
  const chains = authPayload.chains.filter((chain) => /^eip155:\d+$/.test(chain))
  const payload = populateAuthPayload({ authPayload, chains, methods: WC_WALLET_METHODS })
  const iss = `did:pkh:${payload.chains[0]}:${address}`
  return { iss, payload, message: formatMessage(payload, iss) }
}

/** Signs the prepared message as personal_sign would (EIP-191) and wraps it as the cacao to approve with. */
export async function signAuthentication(prepared: PreparedAuthentication, account: HDAccount) {
  const signature = await account.signMessage({ message: prepared.message })
  return buildAuthObject(prepared.payload, { t: 'eip191', s: signature }, prepared.iss)
}
