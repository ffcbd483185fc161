import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { commonConfig } from '../vite-common.ts'

const modules = fileURLToPath(new URL('../../node_modules/', import.meta.url))

// bench has one node_modules for all peers, so two bare imports need pointing at the right copies:
// - @web3modal/base imports @walletconnect/ethereum-provider without declaring it; the only copy that fits
//   is @web3modal/wagmi's own (2.16.1), nested;
// - @wagmi/core and @wagmi/connectors at the top level are AppKit's (3.x / 8.x); Web3Modal 5 must share
//   wagmi 2's own copies (2.22.1 / 6.2.0) with the WagmiProvider, as it would in a project of its own.
export default defineConfig(
  commonConfig({
    resolve: {
      alias: [
        {
          find: /^@walletconnect\/ethereum-provider$/,
          replacement: `${modules}@web3modal/wagmi/node_modules/@walletconnect/ethereum-provider`,
        },
        {
          find: /^@wagmi\/(core|connectors)(\/.*)?$/,
          replacement: `${modules}wagmi/node_modules/@wagmi/$1$2`,
        },
      ],
    },
  }),
)
