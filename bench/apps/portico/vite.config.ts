import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { commonConfig } from '../vite-common.ts'

const repo = fileURLToPath(new URL('../../../', import.meta.url))

// The app takes the workspace packages as a dApp installs them: their package builds (`dist`, through
// each package.json's `exports`, without the repository's `portico:source` condition), which
// run.ts builds first. The aliases only point at the packages' folders, since bench is no workspace.
// React comes from the repository's root node_modules, the copy the packages resolve to themselves,
// so the bundle holds exactly one React.
export default defineConfig(
  commonConfig({
    resolve: {
      alias: [
        { find: /^@portico\/(core|react|evm)$/, replacement: `${repo}node_modules/@portico/$1` },
        { find: /^(react|react-dom)(\/.*)?$/, replacement: `${repo}node_modules/$1$2` },
      ],
    },
  }),
)
