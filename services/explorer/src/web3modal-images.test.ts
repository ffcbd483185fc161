import { resolveObjectURL } from 'node:buffer'
import type { AddressInfo } from 'node:net'
import { ApiController, AssetController, OptionsController } from '@web3modal/core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { web3IconSvg } from './icon-packages.js'
import { createExplorerServer, type ExplorerServer, walletImageId } from './index.js'

// Web3Modal 5.1.11's own image loading (ApiController of @web3modal/core) pointed at this explorer: the
// hosted explorer's address in its requests is rewritten to the local server, nothing else changes. It
// fetches each image with its project headers and keeps it as a blob URL, which is read back here.
const HOSTED_EXPLORER = 'https://api.web3modal.org'

let server: ExplorerServer

beforeAll(async () => {
  server = await createExplorerServer({ rateLimit: false })
  await server.app.listen({ host: '127.0.0.1', port: 0 })
  const local = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`
  const realFetch = globalThis.fetch
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    realFetch(String(input instanceof Request ? input.url : input).replace(HOSTED_EXPLORER, local), init),
  )
  OptionsController.setProjectId('web3modal-images-test')
})

afterAll(async () => {
  vi.unstubAllGlobals()
  await server?.close()
})

/** The bytes behind the blob URL Web3Modal stored. */
async function blobText(url: string | undefined): Promise<string> {
  const blob = url ? resolveObjectURL(url) : undefined
  if (!blob) throw new Error(`no blob at ${url}`)
  return blob.text()
}

describe('a Web3Modal 5.1.11 client loading images from the explorer', () => {
  it.each([
    ['Ethereum', 'ba0ba0cd-17c6-4806-ad93-f9d174f17900', 'ethereum'],
    ['Optimism', 'ab9c186a-c52f-464b-2906-ca59d760a400', 'optimism'],
    ['Polygon', '41d04d42-da3b-4453-8506-668cc0727900', 'polygon'],
    ['Base', '7289c336-3981-4081-c5f4-efc26ac64a00', 'base'],
    ['Arbitrum', '3bff954d-5cb0-47a0-9a23-d20192e74600', 'arbitrum-one'],
    ['Solana', 'a1b58899-f671-4276-6a5e-56ca5bd59700', 'solana'],
  ])('gets the %s network logo under its own image id', async (_name, imageId, web3icon) => {
    await ApiController._fetchNetworkImage(imageId)
    expect(await blobText(AssetController.state.networkImages[imageId])).toBe(
      await web3IconSvg('networks', 'background', web3icon),
    )
  })

  it("gets the WalletConnect connector's logo, a wallet's, a token's and a currency's", async () => {
    const walletConnect = 'ef1a1fcf-7fe8-4d69-bd6d-fda1345b4400'
    await ApiController._fetchConnectorImage(walletConnect)
    expect(await blobText(AssetController.state.connectorImages[walletConnect])).toBe(
      await web3IconSvg('wallets', 'background', 'wallet-connect'),
    )
    const metamask = walletImageId('metamask', 'MetaMask')
    await ApiController._fetchWalletImage(metamask)
    expect(await blobText(AssetController.state.walletImages[metamask])).toBe(
      await web3IconSvg('wallets', 'background', 'metamask'),
    )
    await ApiController._fetchTokenImage('USDC')
    expect(await blobText(AssetController.state.tokenImages.USDC)).toBe(
      await web3IconSvg('tokens', 'branded', 'USDC'),
    )
    await ApiController._fetchCurrencyImage('USD')
    expect(await blobText(AssetController.state.currencyImages.USD)).toMatch(/^<svg /)
  })

  it("gets Evmos's logo and the injected connector's (Browser Wallet) under their Web3Modal ids", async () => {
    const evmos = 'f926ff41-260d-4028-635e-91913fc28e00'
    await ApiController._fetchNetworkImage(evmos)
    expect(await blobText(AssetController.state.networkImages[evmos])).toBe(
      await web3IconSvg('tokens', 'branded', 'EVMOS'),
    )
    const injected = '07ba87ed-43aa-4adf-4540-9e6a2b9cae00'
    await ApiController._fetchConnectorImage(injected)
    expect(await blobText(AssetController.state.connectorImages[injected])).toMatch(
      /^<svg [^>]*viewBox="0 0 96 96"/,
    )
  })

  it('an id the explorer does not know fails as the hosted one does: HTTP status code 404', async () => {
    await expect(ApiController._fetchNetworkImage('00000000-0000-0000-0000-000000000000')).rejects.toThrow(
      'HTTP status code: 404',
    )
  })
})
