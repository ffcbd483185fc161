#!/usr/bin/env node
import { applyOwnerOnlyUmask } from '@portico/http-kit'
import { unsafeProductionSettings } from './serve/production-settings.js'
import { readServeArguments, SERVE_USAGE, ServeUsageError } from './serve/serve-arguments.js'
import { configProblem, type RunningService, startService } from './serve/start-service.js'

// The production entry point, run from the built output: `portico serve [service ...] [--config file]`.

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

async function serve(argv: readonly string[]) {
  const { services, env } = readServeArguments(argv, process.env)
  // Production unless the settings say otherwise, which the checks below refuse.
  env.NODE_ENV ??= 'production'
  env.PORTICO_MODE ??= 'production'
  // Every problem at once, each naming its setting: the cross-service checks, then each service's own.
  const problems = unsafeProductionSettings(env, services).map(
    (setting) => `  - ${setting.variable} ${setting.problem}.`,
  )
  for (const name of services) {
    const invalid = await configProblem(name, env)
    if (invalid) problems.push(`  - ${invalid.replaceAll('\n', '\n    ')}`)
  }
  if (problems.length > 0)
    fail(
      `Portico does not start in production with these settings:\n${problems.join('\n')}\nSee docs/configuration.md.`,
    )
  // Databases, keys and mailboxes the services write are readable by this user only.
  applyOwnerOnlyUmask()
  const running: RunningService[] = []
  const stopAll = async () => {
    for (const service of running.reverse()) await service.close().catch(() => {})
  }
  for (const name of services) {
    try {
      running.push(await startService(name, env))
    } catch (error) {
      await stopAll()
      fail(`Portico could not start ${name}: ${(error as Error).message}`)
    }
  }
  console.log(`Portico (production) serving ${running.length} service${running.length === 1 ? '' : 's'}:`)
  for (const service of running)
    console.log(`  ${service.name.padEnd(10)} ${service.url}  ${service.details.filter(Boolean).join(' · ')}`)

  let stopping = false
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: stopping`)
    stopAll().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}

const [command, ...rest] = process.argv.slice(2)
if (command === 'serve') {
  serve(rest).catch((error: Error) =>
    fail(
      error instanceof ServeUsageError
        ? `${error.message}\n\n${SERVE_USAGE}`
        : `Portico could not start: ${error.message}`,
    ),
  )
} else if (command === undefined || command === '--help' || command === 'help') {
  console.log(SERVE_USAGE)
} else {
  fail(`Unknown command "${command}"\n\n${SERVE_USAGE}`)
}
