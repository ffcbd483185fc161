import type { Connector } from './connector.js'

/** The connector `id` names, a multi-chain wallet's connector in one namespace included. */
export const findConnector = (
  connectors: readonly Connector[],
  id: string | undefined,
): Connector | undefined =>
  connectors
    .flatMap((connector) => [connector, ...(connector.providers ?? [])])
    .find((found) => found.id === id)
