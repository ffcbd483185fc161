import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { commonConfig } from '../vite-common.ts'

const repo = fileURLToPath(new URL('../../../', import.meta.url))

// The workspace packages are bundled from their TypeScript sources by path alias (no package build, no
// symlink). React comes from the repository's root node_modules, the copy the Portico sources resolve to
// themselves, so the bundle holds exactly one React.
export default defineConfig(
  commonConfig({
    resolve: {
      alias: [
        { find: /^@portico\/(core|react|evm|frame)$/, replacement: `${repo}packages/$1/src/index.ts` },
        { find: /^(react|react-dom)(\/.*)?$/, replacement: `${repo}node_modules/$1$2` },
      ],
    },
  }),
)
