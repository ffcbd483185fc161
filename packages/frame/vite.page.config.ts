import { fileURLToPath } from 'node:url'
import { defaultClientConditions, defineConfig } from 'vite'

// The frame page and its approval window: served by the auth service under /frame/, built apart from the
// library.
export default defineConfig({
  root: fileURLToPath(new URL('./src/page', import.meta.url)),
  base: '/frame/',
  resolve: { conditions: ['portico:source', ...defaultClientConditions] },
  build: {
    outDir: fileURLToPath(new URL('./dist-page', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      input: {
        frame: fileURLToPath(new URL('./src/page/index.html', import.meta.url)),
        approve: fileURLToPath(new URL('./src/page/approve.html', import.meta.url)),
      },
    },
  },
})
