import { defineConfig, mergeConfig } from 'vitest/config'
import base from './vitest.config.js'

/** `npm run test:scale`: the scale-out test alone, without the e2e stack (it starts its own services). */
export default mergeConfig(
  { ...base, test: { ...base.test, projects: undefined } },
  defineConfig({
    test: {
      include: ['e2e/scale-out.e2e.ts'],
      testTimeout: 600_000,
      hookTimeout: 180_000,
    },
  }),
)
