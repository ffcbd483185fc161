import { defaultClientConditions, defineConfig, type Plugin } from 'vite'
import { testWalletAddress } from './src/test-wallet-account.js'
import { renderWalletPage } from './src/wallet-page.js'

// The page served on port 3005 beside inject.js; emitted from code so the build needs no HTML entry.
function walletPage(): Plugin {
  return {
    name: 'portico-wallet-page',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'index.html',
        source: renderWalletPage({
          address: testWalletAddress(0),
          scriptUrl: 'http://127.0.0.1:3005/inject.js',
        }),
      })
    },
  }
}

// One self-contained IIFE (dist/inject.js) that any page or Playwright init script can evaluate as is.
export default defineConfig({
  root: import.meta.dirname,
  // Library mode leaves process.env.NODE_ENV in place; a browser script cannot have `process`.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: false,
  logLevel: 'warn',
  // Workspace packages from their sources, as every build of the repository takes them (no prior build).
  resolve: { conditions: ['portico:source', ...defaultClientConditions] },
  plugins: [walletPage()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
    minify: true,
    reportCompressedSize: false,
    lib: {
      entry: 'src/inject.ts',
      formats: ['iife'],
      name: 'PorticoTestWallet',
      fileName: () => 'inject.js',
    },
  },
})
