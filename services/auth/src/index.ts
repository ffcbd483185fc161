export type { AllowedOrigins } from './allowed-origins.js'
export {
  DEMO_ORIGIN,
  DEMO_PROJECT_ID,
  DEVELOPMENT_ALLOWED_ORIGINS,
  parseAllowedOrigins,
} from './allowed-origins.js'
export type { AuthConfig } from './auth-config.js'
export { InvalidAuthConfigError, readAuthConfig } from './auth-config.js'
export type { AuthDatabase } from './auth-database.js'
export { AuthError } from './auth-errors.js'
export { authServerOptions } from './auth-server-options.js'
export type { Clock } from './clock.js'
export type { AuthRateLimit, AuthServer, CreateAuthServerOptions } from './create-auth-server.js'
export { createAuthServer, custodyNotice, DEFAULT_AUTH_RATE_LIMIT } from './create-auth-server.js'
export type { PorticoMode } from './development-tools.js'
export { porticoModeOf } from './development-tools.js'
export { frameAncestors, injectFrameEnv } from './frame-routes.js'
export type { CapturedMail, MailCaptureServer } from './mail-capture-server.js'
export { startMailCaptureServer } from './mail-capture-server.js'
export type { Mailer, OutgoingMail } from './mailer.js'
export { createSmtpMailer } from './mailer.js'
export { loadMasterKey } from './master-key.js'
export { MigrationFailedError, migrateAuthDatabase } from './migrate-auth-database.js'
export { openAuthDatabase } from './open-auth-database.js'
export type { ProviderCredentials } from './social/social-provider-adapters.js'
export { REAL_PROVIDERS } from './social/social-provider-adapters.js'
