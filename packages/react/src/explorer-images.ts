// The explorer's image routes (spec §7), the URLs a client of the hosted explorer uses too. Images load
// through <img src>: nothing of a logo set is bundled into the client.

/** A network's logo (by its image id, e.g. a CAIP-2 id), a connector's or a social provider's. */
export const assetImageUrl = (explorerUrl: string, id: string): string =>
  `${explorerUrl.replace(/\/+$/, '')}/public/getAssetImage/${id}`
