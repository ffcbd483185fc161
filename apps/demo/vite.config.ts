import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig, type Plugin } from 'vite'

/** Writes which modules went into which chunk, so tests can check what the first paint loads. */
function chunkModules(): Plugin {
  return {
    name: 'portico-chunk-modules',
    generateBundle(_options, bundle) {
      const chunks: Record<
        string,
        {
          isEntry: boolean
          imports: string[]
          dynamicImports: string[]
          modules: string[]
          /** gzip -9 of the chunk's code that is not React, react-dom, scheduler or the demo's own. */
          porticoGzip: number
        }
      > = {}
      const notPortico = /node_modules\/(react|react-dom|scheduler)\/|\/apps\//
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        chunks[output.fileName] = {
          isEntry: output.isEntry,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          modules: output.moduleIds.map((id) => id.replace(/^.*?\/(node_modules|packages|apps)\//, '$1/')),
          // Compressed alone, so a little more than its share of the chunk: a conservative estimate.
          porticoGzip: gzipSync(
            Object.entries(output.modules)
              .filter(([id]) => !notPortico.test(id))
              .map(([, module]) => module.code ?? '')
              .join('\n'),
            { level: 9 },
          ).length,
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(chunks, null, 1),
      })
    },
  }
}

export default defineConfig({
  plugins: [react(), chunkModules()],
  // Bundle the workspace packages from source: no package build is needed before the demo build.
  resolve: { conditions: ['portico:source', ...defaultClientConditions] },
  build: {
    target: 'es2022',
    manifest: true,
    sourcemap: false,
    // Current browsers preload modules themselves (Safari since 17); an older one fetches a lazy chunk's
    // imports as it runs, a little later. The polyfill would weigh on every first paint for that.
    modulePreload: { polyfill: false },
    // Everything the page imports statically in one chunk: the default split of the modules the lazy chunks
    // share with the page into six small chunks cost 1.2 KB gzip more and six requests before first paint.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'first-paint', tags: ['$initial'] }] } } },
  },
})
