import { availableParallelism } from 'node:os'
import { defaultClientConditions, defaultServerConditions } from 'vite'
import { configDefaults, defineConfig } from 'vitest/config'

const UNIT_TESTS = [
  '{packages,services,apps}/*/src/**/*.test.{ts,tsx}',
  'scripts/*.test.ts',
  'docs/*.test.ts',
  'fuzz/**/*.test.ts',
]
/** Unit tests on what the machine has one of: the PostgreSQL and Redis of the scaled-out mode, the heap. */
const SHARED_RESOURCE_TESTS = [
  'services/*/src/postgres.test.ts',
  'services/database/src/open-database.test.ts',
  'services/database/src/service-schema.test.ts',
  'services/stack/src/shared-database.test.ts',
  'services/chain-api/src/request-limits.test.ts',
  'services/chain-api/src/onramp.test.ts',
  'services/chain-api/src/rpc-gateway/rpc-gateway.test.ts',
  'services/http-kit/src/rate-limit-store.test.ts',
  'services/relay/src/redis-scale-out.test.ts',
  'services/relay/src/shared-quotas.test.ts',
  'services/relay/src/relay-soak.test.ts',
]

// Workspace packages resolve to their TypeScript sources through the `portico:source` export condition,
// so tests never need a prior build.
const conditions = ['portico:source']

export default defineConfig({
  resolve: { conditions: [...conditions, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [...conditions, ...defaultServerConditions] } },
  // Vitest runs globalSetup files (the e2e stack) in an environment of its own.
  environments: { __vitest__: { resolve: { conditions: [...conditions, ...defaultServerConditions] } } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT_TESTS,
          exclude: [...configDefaults.exclude, ...SHARED_RESOURCE_TESTS],
          // Unit tests are hermetic: this refuses, and fails the test on, any connection to a stack default port.
          setupFiles: ['scripts/default-port-guard.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Most of their time is spent waiting on anvil, servers and timers: two files at a time even on
          // two cores (Vitest's default there is one).
          maxWorkers: Math.max(2, availableParallelism() - 1),
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-shared',
          include: SHARED_RESOURCE_TESTS,
          setupFiles: ['scripts/default-port-guard.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One database and one Redis for every file, and a soak test that measures the heap: one at a
          // time, after the others.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          // Two files at a time against the one stack: each file's visitors use accounts of their own, and
          // most of a file's time is spent waiting on blocks, mail and the wallet window. The whole suite took
          // 879 s so, against about 1,990 s one file at a time, on two cores. PORTICO_E2E_WORKERS=1 runs them in turn.
          maxWorkers: Math.max(1, Number(process.env.PORTICO_E2E_WORKERS ?? 2)),
          // On CI a failed end-to-end test runs once more, and the report says so: with files side by side
          // on two cores, one full run in two lost a wallet recovery to a stall no single-file run shows.
          retry: process.env.CI ? 1 : 0,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
})
