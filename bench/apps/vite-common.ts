import react from '@vitejs/plugin-react'
import type { UserConfig } from 'vite'
import { chunkReport } from './chunk-report.ts'

/** The Vite config every bench app starts from: same plugins, target and output for all four. */
export function commonConfig(extra: UserConfig = {}): UserConfig {
  return {
    ...extra,
    plugins: [react(), chunkReport(), ...(extra.plugins ?? [])],
    logLevel: 'warn',
    build: {
      target: 'es2022',
      manifest: true,
      sourcemap: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 100_000,
      ...extra.build,
    },
  }
}
