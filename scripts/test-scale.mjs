// `npm run test:scale`: builds the services, then runs e2e/scale-out.e2e.ts with the full load against the
// local PostgreSQL and Redis (or the ones PORTICO_TEST_DATABASE_URL / PORTICO_TEST_REDIS_URL name), and
// writes bench/results/scale-latest.md. Unlike `npm test`, a missing server is an error here.
import { spawnSync } from 'node:child_process'
import { connect } from 'node:net'

const reachable = (port) =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 1000 })
    const done = (ok) => {
      socket.destroy()
      resolve(ok)
    }
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
    socket.once('timeout', () => done(false))
  })

for (const [variable, localUrl, port, name] of [
  ['PORTICO_TEST_DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/test', 5432, 'PostgreSQL'],
  ['PORTICO_TEST_REDIS_URL', 'redis://127.0.0.1:6379', 6379, 'Redis'],
]) {
  if (process.env[variable]) continue
  if (!(await reachable(port))) {
    console.error(`test:scale needs ${name}: set ${variable} or run one on 127.0.0.1:${port}.`)
    process.exit(1)
  }
  process.env[variable] = localUrl
}
process.env.PORTICO_SCALE_LOAD ??= 'full'
process.env.PORTICO_SCALE_RESULTS ??= 'bench/results/scale-latest.md'

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1
const status =
  run('npm', ['run', 'build:services']) ||
  run('npx', ['vitest', 'run', '--config', 'vitest.scale.config.ts', ...process.argv.slice(2)])
process.exit(status)
