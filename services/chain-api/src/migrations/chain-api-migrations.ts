import type { Migration, MigrationProvider } from 'kysely'
import * as createTokenPrices from './0001-create-token-prices.js'
import * as createNames from './0002-create-names.js'
import * as createHistory from './0003-create-history.js'
import * as createIndexedBlocks from './0004-create-indexed-blocks.js'
import * as createOnrampPurchases from './0005-create-onramp-purchases.js'
import * as createNameProfiles from './0006-create-name-profiles.js'
import * as dropTokenPrices from './0007-drop-token-prices.js'
import * as addTransferKinds from './0008-add-transfer-kinds.js'
import * as addTransferPrices from './0009-add-transfer-prices.js'

/** In code, not read from a folder at run time, so the migrations ship inside any bundle. */
export const chainApiMigrations: Record<string, Migration> = {
  '0001-create-token-prices': createTokenPrices,
  '0002-create-names': createNames,
  '0003-create-history': createHistory,
  '0004-create-indexed-blocks': createIndexedBlocks,
  '0005-create-onramp-purchases': createOnrampPurchases,
  '0006-create-name-profiles': createNameProfiles,
  '0007-drop-token-prices': dropTokenPrices,
  '0008-add-transfer-kinds': addTransferKinds,
  '0009-add-transfer-prices': addTransferPrices,
}

export const chainApiMigrationProvider: MigrationProvider = {
  getMigrations: async () => chainApiMigrations,
}
