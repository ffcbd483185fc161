import { getAddress } from 'viem'
import { tokenIconUrl } from '../token-icons.js'
import type { OnrampPurchase } from './onramp-purchases.js'

/** The statuses Coinbase's on-ramp history gives, which Web3Modal's BuyInProgress view waits on. */
export const ONRAMP_STATUS = {
  in_progress: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS',
  success: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
  failed: 'ONRAMP_TRANSACTION_STATUS_FAILED',
} as const

export type OnrampStatus = (typeof ONRAMP_STATUS)[keyof typeof ONRAMP_STATUS]

export interface OnrampHistoryItem {
  id: string
  metadata: {
    operationType: 'buy'
    /** The delivery's transaction; empty until it is sent. */
    hash: string
    /** When the purchase was paid (ISO 8601). */
    minedAt: string
    sentFrom: string
    sentTo: string
    status: OnrampStatus
    nonce: number
    chain: string
    /** Why it failed (a declined card, a failed delivery). */
    failure?: string
  }
  transfers: {
    fungible_info: { name: string; symbol: string; icon: { url: string } }
    direction: 'in'
    quantity: { numeric: string }
    value: number
    price: number
  }[]
}

/** A paid (or refused) purchase as an item of `GET /v1/account/{address}/history?onramp=…`. */
export function onrampHistoryItem(
  purchase: OnrampPurchase,
  provider: string,
  priceUsd: number,
  explorerUrl: string,
): OnrampHistoryItem {
  const status = purchase.status === 'created' ? 'failed' : purchase.status
  return {
    id: purchase.id,
    metadata: {
      operationType: 'buy',
      hash: purchase.tx_hash ?? '',
      minedAt: new Date(purchase.created_at).toISOString(),
      sentFrom: provider,
      sentTo: getAddress(purchase.address),
      status: ONRAMP_STATUS[status],
      nonce: 0,
      chain: `eip155:${purchase.chain_id}`,
      ...(purchase.failure ? { failure: purchase.failure } : {}),
    },
    transfers: [
      {
        fungible_info: {
          name: purchase.symbol,
          symbol: purchase.symbol,
          icon: { url: tokenIconUrl(explorerUrl, purchase.symbol) },
        },
        direction: 'in',
        quantity: { numeric: purchase.purchase_amount },
        value: Number(purchase.purchase_amount) * priceUsd,
        price: priceUsd,
      },
    ],
  }
}
