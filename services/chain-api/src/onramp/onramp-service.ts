import { randomUUID } from 'node:crypto'
import { type PorticoMode, porticoMode } from '@portico/http-kit'
import type { Kysely } from 'kysely'
import type { Account } from 'viem'
import type { ChainApiDatabase } from '../chain-api-database.js'
import { DailyLimitError, InvalidParameterError, NotFoundError } from '../chain-api-errors.js'
import type { ChainClients } from '../chain-clients.js'
import type { GasPriceReader } from '../get-gas-price.js'
import type { KnownToken, KnownTokens } from '../known-tokens.js'
import type { PriceBook } from '../token-prices.js'
import { createCoinbaseProvider } from './coinbase-provider.js'
import { type OnrampHistoryItem, onrampHistoryItem } from './onramp-history.js'
import {
  FIAT_USD_RATES,
  PAYMENT_METHOD_LIMITS,
  type PaymentCurrencyId,
  type PaymentMethod,
  PROVIDER_FEE_RATES,
} from './onramp-limits.js'
import { type OnrampOptions, onrampNetworkName, onrampOptions } from './onramp-options.js'
import type { OnrampProvider, OnrampProviderListing } from './onramp-provider.js'
import { type OnrampPurchase, onrampPurchases } from './onramp-purchases.js'
import {
  assertWithinLimits,
  DELIVERY_GAS,
  OnrampAmountTooSmallError,
  OnrampLimitError,
  type OnrampQuote,
  quotePurchase,
} from './onramp-quote.js'
import {
  DEFAULT_SANDBOX_DAILY_LIMITS,
  SandboxDailyLimitError,
  type SandboxDailyLimits,
  sandboxDailyLimits,
} from './sandbox-daily-limits.js'
import { createSandboxPayouts } from './sandbox-payouts.js'
import { createSandboxProvider } from './sandbox-provider.js'

export interface OnrampSettings {
  /** The account the sandbox provider pays purchases out of; without it the sandbox is unavailable. */
  sandboxFunder?: Account | undefined
  /** The sandbox pays out in development only (default: PORTICO_MODE / NODE_ENV of this process). */
  mode?: PorticoMode | undefined
  /** What the sandbox pays out per day, per address and in total (default 10,000 and 100,000 USD). */
  sandboxDailyLimits?: SandboxDailyLimits | undefined
  /** Coinbase Onramp's app id; without it Coinbase is listed as unavailable. */
  coinbaseAppId?: string | undefined
}

export interface OnrampServiceDependencies {
  db: Kysely<ChainApiDatabase>
  clients: ChainClients
  tokens: KnownTokens
  priceBook: PriceBook
  gasPrice: GasPriceReader
  explorerUrl: string
  settings: OnrampSettings
}

/** An asset on one chain, as a quote or a purchase names it. */
export interface OnrampAsset {
  chainId: number
  token: KnownToken
}

export interface QuoteRequest {
  asset: OnrampAsset
  amount: number
  paymentCurrency: PaymentCurrencyId
  paymentMethod: PaymentMethod
}

export interface OrderRequest extends QuoteRequest {
  address: `0x${string}`
  /** The amount the client quoted the visitor, honoured when it still matches the price. */
  quotedPurchaseAmount?: string | undefined
  partnerUserId: string
  /** Provider name; default: the first available one. */
  provider?: string | undefined
}

/** How far (relative) the quoted amount may be from a fresh quote to be honoured. */
const QUOTE_TOLERANCE = 0.02
/** A purchase not paid within this time can no longer be paid. */
export const ORDER_LIFETIME_MS = 30 * 60_000

/**
 * On-ramp: the options and quotes of spec §7, the providers a purchase can go to, the purchases kept for
 * the history, and the sandbox provider's payment and delivery.
 */
export function createOnrampService(deps: OnrampServiceDependencies) {
  const { clients, tokens, priceBook, gasPrice, explorerUrl, settings } = deps
  const purchases = onrampPurchases(deps.db)
  // The sandbox is a faucet: never in production, whatever account it was given.
  const development = (settings.mode ?? porticoMode(process.env)) === 'development'
  const payouts =
    settings.sandboxFunder && development ? createSandboxPayouts(settings.sandboxFunder, clients) : undefined
  const dailyLimits = sandboxDailyLimits(deps.db, settings.sandboxDailyLimits ?? DEFAULT_SANDBOX_DAILY_LIMITS)
  const providers: OnrampProvider[] = [
    createSandboxProvider({
      funded: payouts !== undefined,
      developmentOnly: !development,
      chainIds: clients.chainIds,
    }),
    createCoinbaseProvider({ appId: settings.coinbaseAppId }),
  ]
  /** Deliveries under way, with the status write that ends each. */
  const deliveries = new Set<Promise<unknown>>()
  const providerLabel = (name: string) =>
    providers.find((provider) => provider.name === name)?.listing('').label ?? name

  /** Finds the asset: `network` as Coinbase names it, a chain id, CAIP-2 or display name; else its first chain. */
  function resolveAsset(symbol: string, network: string | undefined): OnrampAsset {
    const upper = symbol.trim().toUpperCase()
    const on = (chainId: number) => {
      const token = [tokens.native(chainId), ...tokens.erc20s(chainId)].find(
        (entry) => entry.symbol === upper,
      )
      return token ? { chainId, token } : undefined
    }
    const wanted = network?.trim().toLowerCase()
    const chain = clients.chains.find(
      (entry) =>
        wanted === onrampNetworkName(entry.chainId) ||
        wanted === String(entry.chainId) ||
        wanted === `eip155:${entry.chainId}` ||
        wanted === entry.name?.toLowerCase(),
    )
    if (chain) {
      const asset = on(chain.chainId)
      if (!asset) throw new InvalidParameterError('purchaseCurrency', `${upper} is not offered on ${network}`)
      return asset
    }
    // Web3Modal sends the asset's symbol as the network: any chain that has it will do.
    const anywhere = clients.chainIds.map(on).find((entry) => entry !== undefined)
    if (!anywhere) throw new InvalidParameterError('purchaseCurrency', `${upper} is not offered here`)
    if (wanted && wanted !== upper.toLowerCase())
      throw new InvalidParameterError('network', `${network} is not served here`)
    return anywhere
  }

  async function quote(request: QuoteRequest): Promise<OnrampQuote> {
    const { asset, amount, paymentCurrency, paymentMethod } = request
    try {
      assertWithinLimits(amount, paymentCurrency, paymentMethod)
      const native = tokens.native(asset.chainId)
      const [assetPriceUsd, nativePriceUsd, gas] = await Promise.all([
        priceBook.price(asset.token.symbol, asset.chainId),
        priceBook.price(native.symbol, asset.chainId),
        gasPrice(asset.chainId),
      ])
      const units = asset.token.address ? DELIVERY_GAS.token : DELIVERY_GAS.native
      const networkFeeUsd = (Number(units * BigInt(gas.standard)) / 10 ** native.decimals) * nativePriceUsd
      return quotePurchase({
        amount,
        paymentCurrency,
        paymentMethod,
        asset: asset.token,
        assetPriceUsd,
        networkFeeUsd,
      })
    } catch (error) {
      if (error instanceof OnrampLimitError) throw new InvalidParameterError('amount', error.message)
      if (error instanceof OnrampAmountTooSmallError)
        throw new InvalidParameterError(
          'amount',
          `too small to cover the fees of buying ${asset.token.symbol}`,
        )
      throw error
    }
  }

  function providerFor(name: string | undefined, origin: string): OnrampProvider {
    if (name === undefined) {
      const first = providers.find((provider) => provider.listing(origin).available)
      if (!first) throw new InvalidParameterError('provider', 'no on-ramp provider is configured here')
      return first
    }
    const provider = providers.find((entry) => entry.name === name)
    if (!provider) throw new InvalidParameterError('provider', `unknown provider ${name}`)
    const listing = provider.listing(origin)
    if (!listing.available)
      throw new InvalidParameterError('provider', `${name} is unavailable (${listing.reason})`)
    return provider
  }

  return {
    providers: (origin: string): OnrampProviderListing[] =>
      providers.map((provider) => provider.listing(origin)),
    resolveAsset,
    quote,

    async options(): Promise<OnrampOptions> {
      const prices = await Promise.all(clients.chainIds.map((chainId) => priceBook.prices(chainId)))
      return onrampOptions(
        clients.chains,
        tokens,
        new Map(clients.chainIds.map((id, index) => [id, prices[index]])),
      )
    },

    /** The fiat amount that buys `cryptoAmount` of the asset, fees included (rounded up to the cent). */
    async fiatFor(
      asset: OnrampAsset,
      cryptoAmount: string,
      paymentCurrency: PaymentCurrencyId,
      paymentMethod: PaymentMethod,
    ): Promise<number> {
      const rate = PROVIDER_FEE_RATES[paymentMethod]
      const { min, max } = PAYMENT_METHOD_LIMITS[paymentMethod]
      const price = await priceBook.price(asset.token.symbol, asset.chainId)
      const gross = (Number(cryptoAmount) * price) / FIAT_USD_RATES[paymentCurrency] / (1 - rate)
      // The network fee hardly depends on the amount: read it from a quote within the limits.
      const probe = await quote({
        asset,
        amount: Math.min(max, Math.max(min, gross)),
        paymentCurrency,
        paymentMethod,
      })
      return Math.ceil((gross + Number(probe.networkFee.amount) / (1 - rate)) * 100) / 100
    },

    /** Keeps the purchase and answers the chosen provider's buy page for it. */
    async createOrder(request: OrderRequest, origin: string): Promise<{ url: string }> {
      const provider = providerFor(request.provider, origin)
      const fresh = await quote(request)
      if (provider.name === 'sandbox')
        await dailyLimits
          .assertWithin(
            request.address.toLowerCase(),
            Number(fresh.paymentTotal.amount),
            request.paymentCurrency,
          )
          .catch(rethrowDailyLimit)
      const quoted = Number(request.quotedPurchaseAmount)
      const freshAmount = Number(fresh.purchaseAmount.amount)
      const purchaseAmount =
        request.quotedPurchaseAmount !== undefined &&
        Math.abs(quoted - freshAmount) <= freshAmount * QUOTE_TOLERANCE
          ? request.quotedPurchaseAmount
          : fresh.purchaseAmount.amount
      const purchaseId = randomUUID()
      await purchases.create({
        id: purchaseId,
        provider: provider.name,
        address: request.address,
        chain_id: request.asset.chainId,
        symbol: request.asset.token.symbol,
        token_address: request.asset.token.address?.toLowerCase() ?? null,
        purchase_amount: purchaseAmount,
        payment_currency: request.paymentCurrency,
        payment_method: request.paymentMethod,
        payment_total: fresh.paymentTotal.amount,
      })
      const url = provider.buyUrl(
        {
          purchaseId,
          address: request.address,
          chainId: request.asset.chainId,
          network: onrampNetworkName(request.asset.chainId),
          asset: request.asset.token.symbol,
          paymentAmount: fresh.paymentTotal.amount,
          paymentCurrency: request.paymentCurrency,
          purchaseAmount,
          partnerUserId: request.partnerUserId,
        },
        origin,
      )
      return { url }
    },

    /** The address's purchases as history items, newest first. */
    async history(address: string): Promise<OnrampHistoryItem[]> {
      const rows = await purchases.listFor(address)
      const chainIds = [...new Set(rows.map((row) => row.chain_id))].filter((id) =>
        clients.chainIds.includes(id),
      )
      const prices = new Map(
        await Promise.all(chainIds.map(async (id) => [id, await priceBook.prices(id)] as const)),
      )
      return rows.map((row) =>
        onrampHistoryItem(
          row,
          providerLabel(row.provider),
          prices.get(row.chain_id)?.get(row.symbol) ?? 0,
          explorerUrl,
        ),
      )
    },

    /** A sandbox purchase, for its page; 404 when there is none (or it belongs to another provider). */
    async sandboxPurchase(id: string): Promise<OnrampPurchase> {
      const purchase = await purchases.find(id)
      if (purchase?.provider !== 'sandbox') throw new NotFoundError('No such purchase')
      return purchase
    },

    isExpired: (purchase: OnrampPurchase, now = Date.now()) =>
      purchase.status === 'created' && now - new Date(purchase.created_at).getTime() > ORDER_LIFETIME_MS,

    /** The card was declined: the purchase fails (history shows it). False when it was settled already. */
    decline: (id: string) => purchases.failed(id, 'Card declined'),

    /**
     * The card was accepted: the purchase is in progress until its delivery is mined, then succeeded (or
     * failed). False when it was settled already. Returns at once; the delivery goes on in the background.
     */
    async acceptPayment(purchase: OnrampPurchase): Promise<boolean> {
      if (!payouts) throw new InvalidParameterError('provider', 'the sandbox has no account to pay out from')
      const started = await dailyLimits
        .whenWithin(
          purchase.address.toLowerCase(),
          Number(purchase.payment_total),
          purchase.payment_currency as PaymentCurrencyId,
          () => purchases.startDelivery(purchase.id),
        )
        .catch(rethrowDailyLimit)
      if (!started) return false
      const decimals = tokens.find(purchase.chain_id, purchase.token_address)?.decimals ?? 18
      const delivery = payouts
        .pay(
          {
            chainId: purchase.chain_id,
            to: purchase.address as `0x${string}`,
            token: (purchase.token_address ?? undefined) as `0x${string}` | undefined,
            decimals,
            amount: purchase.purchase_amount,
          },
          (hash) => purchases.sent(purchase.id, hash),
        )
        .then(
          (hash) => purchases.delivered(purchase.id, hash),
          (error: unknown) =>
            purchases.failed(
              purchase.id,
              `Delivery failed: ${error instanceof Error ? error.message : String(error)}`,
            ),
        )
        .catch(() => undefined)
      deliveries.add(delivery)
      void delivery.then(() => deliveries.delete(delivery))
      return true
    },

    /** Waits for the deliveries under way (before the database closes). */
    settle: async () => {
      await Promise.all([...deliveries])
    },
  }
}

function rethrowDailyLimit(error: unknown): never {
  if (error instanceof SandboxDailyLimitError) throw new DailyLimitError(error.message)
  throw error
}

export type OnrampService = ReturnType<typeof createOnrampService>
