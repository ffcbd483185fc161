import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { defineConfig } from 'vitepress'

/** The API reference's sidebar, written by TypeDoc with the pages (`npm run docs:build`). */
function apiSidebar() {
  const file = join(import.meta.dirname, '../api/typedoc-sidebar.json')
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : []
}

// Everything the site needs is in its build: the default theme's font is bundled, search is local,
// and no page loads anything from another host (docs-site.test.ts checks the built HTML and CSS).
export default defineConfig({
  title: 'Portico',
  description:
    'A wallet connection and sign-in modal for React dApps, and the self-hostable services behind it.',
  lang: 'en',
  // Served under /docs/: the errors' docsPath (`/docs/errors#user_rejected`) points into this site.
  base: '/docs/',
  cleanUrls: true,
  lastUpdated: false,
  srcExclude: ['**/node_modules/**', 'README.md'],
  // Repository files the self-hosting pages point at (nginx and systemd examples, bench results), and
  // the local stack's own pages (the mail inbox), which are not part of the site.
  // The local search index (every page's text, about 600 KB) loads only when the reader opens search.
  vite: { build: { chunkSizeWarningLimit: 1000 } },
  ignoreDeadLinks: [/\.(conf|service)$/, /\.\.\/bench\//, /^http:\/\/localhost:\d+/],
  themeConfig: {
    search: { provider: 'local' },
    outline: [2, 3],
    nav: [
      { text: 'Getting started', link: '/getting-started' },
      { text: 'Guides', link: '/guides/connect' },
      { text: 'Migrate', link: '/migration/web3modal' },
      { text: 'Self-hosting', link: '/self-hosting' },
      { text: 'API', link: '/api/' },
    ],
    sidebar: [
      {
        text: 'Introduction',
        items: [
          { text: 'What Portico is', link: '/' },
          { text: 'Getting started', link: '/getting-started' },
        ],
      },
      {
        text: 'Guides',
        items: [
          { text: 'Connect a wallet', link: '/guides/connect' },
          { text: 'wagmi hooks', link: '/guides/wagmi' },
          { text: 'E-mail and social sign-in', link: '/guides/email-social' },
          { text: 'Sign-In With Ethereum', link: '/guides/siwe' },
          { text: 'Send, swap and buy', link: '/guides/send-swap-onramp' },
          { text: 'Smart accounts, batches, permissions', link: '/guides/smart-accounts' },
          { text: 'Account names', link: '/guides/names' },
          { text: 'Solana', link: '/guides/solana' },
          { text: 'Theming and your own button', link: '/guides/theming' },
          { text: 'TypeScript', link: '/guides/typescript' },
          { text: 'SSR with Next.js', link: '/guides/ssr' },
        ],
      },
      {
        text: 'Migrate',
        items: [
          { text: 'From Web3Modal / AppKit', link: '/migration/web3modal' },
          { text: 'From RainbowKit', link: '/migration/rainbowkit' },
        ],
      },
      {
        text: 'Self-hosting',
        items: [
          { text: 'The stack on your machine', link: '/self-hosting' },
          { text: 'The services', link: '/services' },
          { text: 'Deployment', link: '/deployment' },
          { text: 'Configuration', link: '/configuration' },
          { text: 'Errors', link: '/errors' },
        ],
      },
      { text: 'API reference', link: '/api/', items: apiSidebar() },
    ],
  },
})
