import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

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
          include: ['{packages,services,apps}/*/src/**/*.test.{ts,tsx}'],
          // Unit tests are hermetic: this refuses, and fails the test on, any connection to a stack default port.
          setupFiles: ['scripts/default-port-guard.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
