import { createRequire } from 'node:module'
import type { Abi, Hex } from 'viem'

const require = createRequire(import.meta.url)

export type UniswapArtifact = { abi: Abi; bytecode: Hex }

/** A compiled contract as the Uniswap npm packages ship it (Waffle output: `abi` and a bare-hex `bytecode`). */
function load(modulePath: string): UniswapArtifact {
  const { abi, bytecode } = require(modulePath) as { abi: Abi; bytecode: string }
  return { abi, bytecode: (bytecode.startsWith('0x') ? bytecode : `0x${bytecode}`) as Hex }
}

/**
 * Uniswap V2 exactly as released: factory from @uniswap/v2-core, Router02 and WETH9 from
 * @uniswap/v2-periphery. Router02's library computes pair addresses with the init code hash of mainnet
 * (0x96e8ac42…), which is the hash of the UniswapV2Pair that v2-core's factory deploys, so the two match.
 * Read on first use only: the JSON files weigh about 650 KB.
 */
export function uniswapV2Artifacts() {
  return {
    weth9: load('@uniswap/v2-periphery/build/WETH9.json'),
    factory: load('@uniswap/v2-core/build/UniswapV2Factory.json'),
    router02: load('@uniswap/v2-periphery/build/UniswapV2Router02.json'),
  }
}
