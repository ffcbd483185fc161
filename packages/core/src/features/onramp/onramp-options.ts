import type { OnrampContext } from './onramp-context.js'
import { DEFAULT_ONRAMP_OPTIONS, defaultOnrampProviders } from './onramp-defaults.js'
import type { OnrampOptions } from './onramp-schemas.js'
import type { OnrampSelection } from './onramp-state.js'

/** Loads options and providers; a failed or empty answer gives the built-in defaults. */
export async function readOnrampOptions(context: OnrampContext): Promise<void> {
  const { api, store, portico } = context
  if (store.getState().status !== 'ready') store.setState({ status: 'loading' })
  const [options, providers] = await Promise.all([
    api.options().then(
      (value) => ({ value, fallback: value.purchaseCurrencies.length === 0 }),
      () => ({ value: DEFAULT_ONRAMP_OPTIONS, fallback: true }),
    ),
    api.providers().catch(() => defaultOnrampProviders(portico.config.chainApiUrl)),
  ])
  const chosen = onTheDappsNetworks(context, options.fallback ? DEFAULT_ONRAMP_OPTIONS : options.value)
  store.setState({
    status: 'ready',
    options: chosen,
    optionsFallback: options.fallback,
    providers,
    selection: initialSelection(context, chosen, store.getState().selection),
  })
}

/** Only the networks the dApp offers: a purchase lands where the visitor can use it. */
function onTheDappsNetworks(context: OnrampContext, options: OnrampOptions): OnrampOptions {
  const offered = new Set(context.portico.config.networks.map((network) => String(network.chainId)))
  const purchaseCurrencies = options.purchaseCurrencies
    .map((entry) => ({
      ...entry,
      networks: entry.networks.filter((network) => offered.has(network.chain_id)),
    }))
    .filter((entry) => entry.networks.length > 0)
  return { ...options, purchaseCurrencies }
}

/** The asset and chain to start with: the connected chain's native currency, else the first offered. */
function initialSelection(
  context: OnrampContext,
  options: OnrampOptions,
  previous: OnrampSelection,
): OnrampSelection {
  const chainId = context.portico.connection.store.getState().connection?.chainId
  const onChain = options.purchaseCurrencies.filter((entry) =>
    entry.networks.some((network) => Number(network.chain_id) === chainId),
  )
  const native = onChain.find((entry) =>
    entry.networks.some((network) => Number(network.chain_id) === chainId && network.contract_address === ''),
  )
  const asset = native ?? onChain[0] ?? options.purchaseCurrencies[0]
  const network = asset?.networks.find((entry) => Number(entry.chain_id) === chainId) ?? asset?.networks[0]
  const currency =
    options.paymentCurrencies.find((entry) => entry.id === previous.paymentCurrency) ??
    options.paymentCurrencies[0]
  return {
    ...previous,
    asset: asset?.symbol ?? '',
    chainId: Number(network?.chain_id ?? 0),
    paymentCurrency: currency?.id ?? 'USD',
  }
}
