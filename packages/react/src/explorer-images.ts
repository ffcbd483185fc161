// The explorer's image routes (spec §7), the URLs a client of the hosted explorer uses too. Images load
// through <img src>: nothing of a logo set is bundled into the client.

const base = (explorerUrl: string) => explorerUrl.replace(/\/+$/, '')
// CAIP-2 ids keep their colon: it is valid in a path segment and the URL stays readable.
const segment = (id: string) => encodeURIComponent(id).replaceAll('%3A', ':')

/** A network's logo (by its image id), a connector's or a social provider's. */
export function assetImageUrl(explorerUrl: string, id: string): string {
  return `${base(explorerUrl)}/public/getAssetImage/${segment(id)}`
}
