import { fileURLToPath } from 'node:url'
import { applyOwnerOnlyUmask } from '@portico/http-kit'
import { readAuthConfig } from './auth-config.js'
import { authServerOptions } from './auth-server-options.js'
import { createAuthServer } from './create-auth-server.js'

// Standalone auth service: `npx tsx --conditions=portico:source services/auth/src/main.ts`
// Sessions, key shares and the master key: files for this user only.
applyOwnerOnlyUmask()
const config = readAuthConfig()
const server = await createAuthServer(
  authServerOptions(config, {
    framePageDir: fileURLToPath(new URL('../../../packages/frame/dist-page', import.meta.url)),
  }),
)
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
