import type { RouteShape } from './http-arbitraries.js'

/**
 * What each route reads, with values it accepts: the fuzzer bends these into wrong ones. Keyed by
 * `METHOD pattern` as the server registers it; a route missing here fails the fuzz run, so a new route
 * gets its shape when it is added.
 */
export interface ShapeContext {
  /** An address with history and balances on the devnet. */
  address: string
  /** CAIP-10 ids of tokens the chain API knows. */
  tokens: string[]
  /** `Bearer …` of a signed-in auth session. */
  bearer: string
  /** Another session's, for sign-out. */
  signOutBearer: string
  /** An origin the auth service allows. */
  origin: string
}

const PROJECT = ['fuzz-project', 'a'.repeat(32)]
const DEVICE = ['device-aaaaaaaaaaaaaaaa', 'fuzz_device_0123456789']
const HEX64 = ['0'.repeat(64), 'ab'.repeat(32)]
const WALLET_ID = ['c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96', ...HEX64]
const SOLANA = ['4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T']
const NAMES = ['alice.wcn.id', 'fuzz-name.wcn.id', 'xn--a.wcn.id', '----.wcn.id']
const EMAIL = ['fuzz@example.test', 'fuzz+tag@example.test', 'A@B.CO']
const OTP = ['123456', '000000']

export type ServiceName = 'explorer' | 'chainApi' | 'auth' | 'relay'

export function routeShapes(context: ShapeContext): Record<ServiceName, Record<string, RouteShape>> {
  const ADDRESS = [context.address, context.address.toLowerCase(), ...SOLANA]
  const TOKENS = context.tokens
  const CHAINS = ['eip155:1', 'eip155:137', '1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']
  const session = {
    authorization: [context.bearer, 'Bearer x', ''],
    origin: [context.origin, 'https://evil.test'],
  }
  const projectHeaders = {
    'x-project-id': PROJECT,
    'x-sdk-type': ['appkit', 'w3m'],
    'x-sdk-version': ['html-wagmi-5.1.11', '5.1.11'],
  }
  const swap = {
    projectId: PROJECT,
    userAddress: ADDRESS,
    from: TOKENS,
    to: TOKENS,
    amount: ['1000', '0', '1e18'],
  }
  const options = {
    'OPTIONS /*': {
      params: { '*': ['getWallets', 'v1/convert/quotes'] },
      headers: { origin: [context.origin] },
    },
  }
  const explorer: Record<string, RouteShape> = {
    ...options,
    'GET /getWallets': {
      query: {
        page: ['1', '2'],
        entries: ['40', '100'],
        search: ['wa', 'meta'],
        chains: ['eip155:1,eip155:8453'],
        include: WALLET_ID,
        exclude: WALLET_ID,
        platform: ['browser', 'mobile'],
      },
      headers: projectHeaders,
    },
    'GET /getWalletImage/:id': { params: { id: WALLET_ID }, headers: projectHeaders },
    'GET /getAnalyticsConfig': { headers: projectHeaders },
    'POST /e': {
      body: {
        eventId: ['0b0e7a7e-3b8f-4d7c-9f0a-1c2d3e4f5a6b'],
        url: ['https://dapp.example/'],
        domain: ['dapp.example'],
        timestamp: [Date.UTC(2026, 0, 1)],
        props: [{ event: 'MODAL_OPEN', properties: { connected: false } }],
      },
      headers: projectHeaders,
    },
    'GET /public/getAssetImage/:id': { params: { id: WALLET_ID } },
    'GET /public/getCurrencyImage/:id': { params: { id: ['USD', 'EUR'] } },
    'GET /public/getTokenImage/:id': { params: { id: ['ETH', 'USDC'] } },
  }
  const chainApi: Record<string, RouteShape> = {
    ...options,
    'POST /v1': {
      query: { projectId: PROJECT, chainId: CHAINS },
      body: {
        jsonrpc: ['2.0'],
        id: [1, 'a'],
        method: ['eth_blockNumber', 'eth_getBalance'],
        params: [[], [context.address, 'latest']],
      },
    },
    'POST /v1/': {
      query: { projectId: PROJECT, chainId: CHAINS },
      body: { jsonrpc: ['2.0'], id: [1], method: ['eth_chainId'], params: [[]] },
    },
    'GET /v1/account/:address/balance': {
      params: { address: ADDRESS },
      query: {
        projectId: PROJECT,
        currency: ['usd', 'eur'],
        chainId: CHAINS,
        forceUpdate: ['true', 'eip155:1'],
      },
    },
    'GET /v1/account/:address/history': {
      params: { address: ADDRESS },
      query: { projectId: PROJECT, chainId: CHAINS, cursor: ['0', 'abc'], onramp: ['coinbase'] },
    },
    'GET /v1/identity/:address': {
      params: { address: ADDRESS },
      query: { projectId: PROJECT, sender: ADDRESS },
    },
    'POST /v1/fungible/price': { body: { projectId: PROJECT, currency: ['usd'], addresses: [TOKENS] } },
    'GET /v1/convert/gas-price': { query: { projectId: PROJECT, chainId: CHAINS } },
    'GET /v1/convert/tokens': { query: { projectId: PROJECT, chainId: CHAINS } },
    'GET /v1/convert/quotes': { query: { ...swap, gasPrice: ['1000000000'], chainId: CHAINS } },
    'GET /v1/convert/allowance': {
      query: { projectId: PROJECT, tokenAddress: TOKENS, userAddress: ADDRESS },
    },
    'GET /v1/convert/build-approve': { query: { ...swap } },
    'POST /v1/convert/build-transaction': {
      body: { ...swap, eip155: [{ slippage: '1' }, { slippage: '0x10' }], disableEstimate: [true] },
    },
    'POST /v1/profile/account': {
      body: {
        projectId: PROJECT,
        coin_type: [60, '60'],
        address: ADDRESS,
        message: [JSON.stringify({ name: 'fuzz.wcn.id', attributes: {}, timestamp: 1_790_000_000 })],
        signature: [`0x${'11'.repeat(65)}`],
      },
    },
    'GET /v1/profile/account/:name': { params: { name: NAMES }, query: { projectId: PROJECT } },
    'GET /v1/profile/reverse/:address': { params: { address: ADDRESS }, query: { projectId: PROJECT } },
    'GET /v1/profile/suggestions/:name': { params: { name: NAMES }, query: { projectId: PROJECT } },
    'GET /v1/onramp/options': { query: { projectId: PROJECT } },
    'GET /v1/onramp/providers': { query: { projectId: PROJECT } },
    'POST /v1/onramp/quote': {
      body: {
        projectId: PROJECT,
        purchaseCurrency: ['ETH', 'USDC'],
        paymentCurrency: ['USD'],
        amount: ['100', '7500'],
        network: ['ethereum'],
        paymentMethod: ['card'],
      },
    },
    'POST /v1/generators/onrampurl': {
      body: {
        projectId: PROJECT,
        destinationWallets: [[{ address: context.address, blockchains: ['ethereum'], assets: ['ETH'] }]],
        partnerUserId: ['fuzz'],
        presetFiatAmount: ['100'],
        paymentCurrency: ['USD'],
        provider: ['sandbox', 'coinbase'],
      },
    },
    'GET /sandbox-onramp': {},
    'GET /sandbox-onramp/:id': { params: { id: ['0b0e7a7e-3b8f-4d7c-9f0a-1c2d3e4f5a6b'] } },
    'POST /sandbox-onramp/:id/confirm': {
      params: { id: ['0b0e7a7e-3b8f-4d7c-9f0a-1c2d3e4f5a6b'] },
      body: { cardNumber: ['4242 4242 4242 4242'], expiry: ['12/30'], cvc: ['123'] },
    },
  }
  // The relay's plain HTTP side (relay-http.ts): its health check, and the 426 every other request gets.
  const relay: Record<string, RouteShape> = {
    'GET /health': {},
    'GET *': { params: { '*': ['', 'x', '?auth=x'] } },
    'POST *': { params: { '*': ['', 'health'] }, body: { x: [1] } },
  }
  return { explorer, chainApi, auth: authShapes(context, session), relay }
}

function authShapes(context: ShapeContext, session: Record<string, string[]>): Record<string, RouteShape> {
  const auth = (body: RouteShape['body'], extra: RouteShape = {}): RouteShape => ({
    body,
    headers: session,
    ...extra,
  })
  const recovery = { kind: 'code', ciphertext: 'A'.repeat(60), salt: 'B'.repeat(43) }
  return {
    'GET *': { params: { '*': ['.well-known/openid-configuration', 'oidc/auth', 'x'] } },
    'POST *': {
      params: { '*': ['oidc/token', 'x'] },
      body: { grant_type: ['authorization_code'], code: ['x'] },
    },
    'OPTIONS *': { params: { '*': ['auth/v1/session'] }, headers: { origin: [context.origin] } },
    'GET /oidc-login/:name/:uid': { params: { name: ['google', 'github'], uid: ['x'.repeat(21)] } },
    'POST /oidc-login/:name/:uid': {
      params: { name: ['google'], uid: ['x'.repeat(21)] },
      body: { login: ['fuzz'] },
    },
    'POST /auth/v1/email/start': auth({ email: EMAIL, deviceId: DEVICE }),
    'POST /auth/v1/email/verify': auth({ email: EMAIL, otp: OTP, deviceId: DEVICE }),
    'POST /auth/v1/email/update': auth({ email: EMAIL }),
    'POST /auth/v1/email/update/primary': auth({ otp: OTP }),
    'POST /auth/v1/email/update/secondary': auth({ otp: OTP }),
    'POST /auth/v1/email/update/secondary/resend': auth({}),
    'POST /auth/v1/device/wait': auth({ email: EMAIL, deviceId: DEVICE }),
    'GET /auth/v1/device/confirm': { query: { token: ['x'.repeat(43)], code: ['x'] } },
    'POST /auth/v1/device/confirm': auth({ token: ['x'.repeat(43)], code: ['x'] }),
    'GET /auth/v1/session': { headers: session },
    'POST /auth/v1/signout': auth(
      {},
      { headers: { ...session, authorization: [context.signOutBearer, 'Bearer x'] } },
    ),
    'POST /auth/v1/social/flow': auth({
      provider: ['google', 'github', 'myspace'],
      deviceId: DEVICE,
      secretHash: HEX64,
    }),
    'GET /auth/v1/social/start': { query: { flow: ['A'.repeat(43)] } },
    'POST /auth/v1/social/bind': auth({ flow: ['A'.repeat(43)], proof: ['x'] }),
    'GET /auth/v1/social/callback': {
      query: { code: ['x'], state: ['A'.repeat(43)], error: ['access_denied'] },
    },
    'POST /auth/v1/social/callback': auth({ code: ['x'], state: ['A'.repeat(43)] }),
    'POST /auth/v1/social/callback/continue': auth({ state: ['A'.repeat(43)] }),
    'POST /auth/v1/social/result': auth({ flowId: ['A'.repeat(43)], secret: HEX64 }),
    'GET /auth/v1/keys': { headers: session },
    'POST /auth/v1/keys': auth({
      address: [context.address],
      authShare: ['ab'.repeat(40)],
      recovery: [recovery],
      recoveryShare: ['cd'.repeat(40)],
    }),
    'POST /auth/v1/keys/rekey': auth({
      authShare: ['ab'.repeat(40)],
      recovery: [recovery],
      signature: [`0x${'11'.repeat(65)}`],
    }),
    'POST /auth/v1/keys/recover': auth({ code: ['x'] }),
    'POST /auth/v1/keys/step-up': auth({}),
    'POST /auth/v1/keys/step-up/verify': auth({ otp: OTP }),
    'POST /auth/v1/farcaster/channel': auth({ deviceId: DEVICE, site: ['https://dapp.example'] }),
    'POST /auth/v1/farcaster/connect': auth({ channelToken: ['x'], deviceId: DEVICE }),
    'POST /auth/v1/passkey/register/options': auth({ deviceId: DEVICE }),
    'POST /auth/v1/passkey/register/verify': auth({
      deviceId: DEVICE,
      response: [{ id: 'A'.repeat(22), rawId: 'A'.repeat(22), type: 'public-key', response: {} }],
    }),
    'POST /auth/v1/passkey/sign-in/options': auth({ deviceId: DEVICE }),
    'POST /auth/v1/passkey/sign-in/verify': auth({
      deviceId: DEVICE,
      response: [{ id: 'A'.repeat(22), rawId: 'A'.repeat(22), type: 'public-key', response: {} }],
    }),
    'POST /farcaster/v1/channel': {
      body: { siweUri: ['https://dapp.example'], domain: ['dapp.example'], nonce: ['abcdefgh'] },
    },
    'GET /farcaster/v1/channel/status': { headers: { authorization: ['Bearer x'] } },
    'POST /farcaster/v1/channel/authenticate': {
      body: { message: ['x'], signature: [`0x${'11'.repeat(65)}`], fid: [1], username: ['fuzz'] },
      headers: { authorization: ['Bearer x'] },
    },
    'GET /farcaster/approve': { query: { channel: ['x'], token: ['x'] } },
    'POST /farcaster/approve': { query: { channel: ['x'] }, body: { fid: ['1'], username: ['fuzz'] } },
    'GET /frame': { query: { origin: [context.origin], projectId: PROJECT } },
    'GET /frame/check': { query: { origin: [context.origin] } },
    'GET /frame*': { params: { '*': ['assets/app.js', '../secret', 'assets/%2e%2e/x'] } },
    'GET /frame/approve': { query: { request: ['x'], origin: [context.origin] } },
    'GET /inbox': { query: { to: EMAIL } },
    'GET /inbox/messages': { query: { to: EMAIL, after: ['0'] } },
    'GET /inbox/list': { query: { to: EMAIL } },
  }
}
