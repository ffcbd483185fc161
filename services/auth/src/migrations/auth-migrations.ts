import type { Migration, MigrationProvider } from 'kysely'
import * as createAuthTables from './0001-create-auth-tables.js'
import * as addFarcasterChannelDevice from './0002-add-farcaster-channel-device.js'
import * as socialFlowsSessionIdleFarcasterNonces from './0003-social-flows-session-idle-farcaster-nonces.js'
import * as bindCodesAndGuardRecovery from './0004-bind-codes-and-guard-recovery.js'
import * as bindSocialFlowsToBrowser from './0005-bind-social-flows-to-browser.js'
import * as farcasterChannelSite from './0006-farcaster-channel-site.js'
import * as userHeldRecovery from './0007-user-held-recovery.js'
import * as passkeySignIn from './0008-passkey-sign-in.js'
import * as socialFlowLanguage from './0009-social-flow-language.js'
import * as mailOutbox from './0010-mail-outbox.js'

/** Migrations live in code (not read from a folder at run time) so they ship inside any bundle. */
export const authMigrations: Record<string, Migration> = {
  '0001-create-auth-tables': createAuthTables,
  '0002-add-farcaster-channel-device': addFarcasterChannelDevice,
  '0003-social-flows-session-idle-farcaster-nonces': socialFlowsSessionIdleFarcasterNonces,
  '0004-bind-codes-and-guard-recovery': bindCodesAndGuardRecovery,
  '0005-bind-social-flows-to-browser': bindSocialFlowsToBrowser,
  '0006-farcaster-channel-site': farcasterChannelSite,
  '0007-user-held-recovery': userHeldRecovery,
  '0008-passkey-sign-in': passkeySignIn,
  '0009-social-flow-language': socialFlowLanguage,
  '0010-mail-outbox': mailOutbox,
}

export const authMigrationProvider: MigrationProvider = {
  getMigrations: async () => authMigrations,
}
