import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { devAccount } from '@portico/devnet'
import {
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  type HDAccount,
  http,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem'

import type { ChainManifestInput } from './chain-manifest.js'

// Shared by the *.test.ts files.
export const PROJECT = 'test-project'

/** The same manifest with every chain read through `baseUrl` (chain N at `<baseUrl>/N`), e.g. a forwarder. */
export function manifestVia<M extends ChainManifestInput>(manifest: M, baseUrl: string): M {
  return {
    ...manifest,
    chains: manifest.chains.map((chain) => ({ ...chain, rpcUrl: `${baseUrl}/${chain.chainId}` })),
  }
}

export interface DevnetClients {
  wallet: WalletClient<Transport, Chain, HDAccount>
  publicClient: PublicClient
}

/** A viem wallet (dev account `index`) and a public client on one devnet chain. */
export function devnetClients(rpcUrl: string, chainId: number, index: number): DevnetClients {
  const chain = defineChain({
    id: chainId,
    name: `devnet-${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const transport = http(rpcUrl)
  return {
    wallet: createWalletClient({ chain, transport, account: devAccount(index) }),
    publicClient: createPublicClient({ chain, transport, pollingInterval: 20 }),
  }
}

export interface RpcForwarder {
  /** Base URL standing in for a devnet front: chain N at `<url>/N`. */
  url: string
  /** JSON-RPC calls forwarded so far (each element of a batch counts). */
  calls(): number
  /** Where requests go from now on; undefined answers 502 (a node that is down). */
  setUpstream(devnetUrl: string | undefined): void
  close(): Promise<void>
}

/** A JSON-RPC pass-through that counts calls and can be pointed at a restarted devnet. */
export async function startRpcForwarder(devnetUrl?: string): Promise<RpcForwarder> {
  let upstream = devnetUrl
  let calls = 0
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    try {
      const parsed = JSON.parse(body) as unknown
      calls += Array.isArray(parsed) ? parsed.length : 1
      if (!upstream) throw new Error('upstream down')
      const answer = await fetch(`${upstream}${request.url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      response.writeHead(answer.status, { 'content-type': 'application/json' })
      response.end(await answer.text())
    } catch {
      response.writeHead(502).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    calls: () => calls,
    setUpstream(next) {
      upstream = next
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
