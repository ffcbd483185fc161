import { defineConfig, mergeConfig } from 'vitest/config'
import base from './vitest.config.js'

/** `npm run bench:views`: the view timings against the e2e stack, apart from `npm test`. */
export default mergeConfig(
  { ...base, test: { ...base.test, projects: undefined } },
  defineConfig({
    test: {
      include: ['e2e/views-bench.ts'],
      globalSetup: ['e2e/global-setup.ts'],
      testTimeout: 600_000,
      hookTimeout: 120_000,
    },
  }),
)
