import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  // Bundle the workspace packages from source: no package build is needed before the demo build.
  resolve: { conditions: ['portico:source', ...defaultClientConditions] },
  build: { target: 'es2022', manifest: true, sourcemap: false },
})
