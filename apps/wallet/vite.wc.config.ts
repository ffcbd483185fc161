import { defaultClientConditions, defineConfig } from 'vite'

// The WalletConnect wallet page (dist/wc.html and its chunk), built beside inject.js into the same dist.
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  // Workspace packages from their sources, as every build of the repository takes them (no prior build).
  resolve: { conditions: ['portico:source', ...defaultClientConditions] },
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // The WalletConnect SDK is one big chunk; this page is a test tool, not a product surface.
    chunkSizeWarningLimit: 1_000,
    rollupOptions: { input: 'wc.html' },
  },
})
