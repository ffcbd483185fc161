import { fileURLToPath } from 'node:url'
import { applyOwnerOnlyUmask } from '@portico/http-kit'
import { readAuthConfig } from './auth-config.js'
import { createAuthServer } from './create-auth-server.js'

// Standalone auth service: `npx tsx --conditions=portico:source services/auth/src/main.ts`
// Sessions, key shares and the master key: files for this user only.
applyOwnerOnlyUmask()
const config = readAuthConfig()
const server = await createAuthServer({
  mode: config.mode,
  publicUrl: config.publicUrl,
  dataDir: config.dataDir,
  databaseUrl: config.databaseUrl,
  redisUrl: config.redisUrl,
  smtpUrl: config.smtpUrl,
  smtpPort: config.smtpPort,
  ...(config.mailFrom ? { mailFrom: config.mailFrom } : {}),
  masterKey: config.masterKey,
  custody: config.custody,
  allowedOrigins: config.allowedOrigins,
  framePageDir:
    config.framePageDir ?? fileURLToPath(new URL('../../../packages/frame/dist-page', import.meta.url)),
  rpcUrlTemplate: config.rpcUrlTemplate,
  solanaRpcUrlTemplate: config.solanaRpcUrlTemplate,
  chainIds: config.chainIds,
  providers: config.providers,
  standInProviders: config.standInProviders,
  localFarcaster: config.localFarcaster,
  rateLimit: config.rateLimit,
  trustProxy: config.trustProxy,
  logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
})
await server.app.listen({ port: config.port, host: config.host })
server.app.log.info(`auth service in ${config.mode} mode`)
if (server.mail.inboxUrl)
  server.app.log.info(`local inbox: ${server.mail.inboxUrl} (SMTP 127.0.0.1:${server.mail.smtpPort})`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}
