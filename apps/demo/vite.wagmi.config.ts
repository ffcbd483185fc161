import { defineConfig, mergeConfig } from 'vite'
import demo from './vite.config.js'

/**
 * The demo inside wagmi's provider (`/wagmi/`), built on its own: one build with both pages would share
 * chunks between them and change what the main page loads, which must carry nothing of wagmi.
 */
export default mergeConfig(
  demo,
  defineConfig({
    base: '/wagmi/',
    build: { outDir: 'dist/wagmi', emptyOutDir: true, rolldownOptions: { input: 'wagmi.html' } },
  }),
)
