import { describe, expect, it } from 'vitest'
import * as explorer from './index.js'

describe('@portico/explorer public API', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(explorer).sort()).toEqual([
      'BadRequestError',
      'DEFAULT_ENTRIES',
      'DEFAULT_RATE_LIMIT',
      'ExplorerError',
      'InvalidExplorerConfigError',
      'InvalidWalletEntryError',
      'MAX_ENTRIES',
      'MigrationFailedError',
      'NotFoundError',
      'RateLimitedError',
      'analyticsEventSchema',
      'assetImageIds',
      'createExplorerServer',
      'currencyImageIds',
      'currencyImageSvg',
      'explorerPlugin',
      'explorerServerOptions',
      'getWallets',
      'importWalletsFile',
      'loadBrandIcons',
      'loadExplorerConfig',
      'migrateExplorerDatabase',
      'openExplorerDatabase',
      'parseGetWalletsQuery',
      'parseWalletEntries',
      'seedWallets',
      'tokenImageIds',
      'upsertWallets',
      'walletEntrySchema',
      'walletIdFromSlug',
      'walletImageId',
      'walletRegistry',
    ])
  })
})
