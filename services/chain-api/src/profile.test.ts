import { type Devnet, startDevnet } from '@portico/devnet'
import {
  type Abi,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  keccak256,
  serializeErc6492Signature,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetClients, PROJECT } from './chain-api-test-helpers.js'
import {
  type ChainApiServer,
  coinTypeOfChainId,
  createChainApiServer,
  identityResponseSchema,
  nameProfileSchema,
  nameSuggestionsResponseSchema,
  profileErrorResponseSchema,
} from './index.js'
import { NAMES_PER_ADDRESS } from './register-name.js'

let devnet: Devnet
let server: ChainApiServer
/** The server's clock in ms: tests move it to age messages. */
let clock = Date.UTC(2026, 0, 15, 12, 0, 0)
const nowSeconds = () => Math.floor(clock / 1000)

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, chainIds: [1, 137] })
  server = await createChainApiServer({ manifest: devnet.manifest, indexer: false, now: () => clock })
})

afterAll(async () => {
  await server?.close()
  await devnet?.stop()
})

const MAINNET_COIN_TYPE = coinTypeOfChainId(1)

/** A registration body as Web3Modal's EnsController builds it, signed by `signer` (EIP-191). */
async function registration(
  name: string,
  options: {
    signer?: ReturnType<typeof privateKeyToAccount>
    address?: `0x${string}`
    timestamp?: number
    coinType?: number | string
    attributes?: object
  } = {},
) {
  const signer = options.signer ?? privateKeyToAccount(generatePrivateKey())
  const message = JSON.stringify({
    name,
    attributes: options.attributes ?? {},
    timestamp: options.timestamp ?? nowSeconds(),
  })
  return {
    signer,
    body: {
      coin_type: options.coinType ?? MAINNET_COIN_TYPE,
      address: options.address ?? signer.address,
      message,
      signature: await signer.signMessage({ message }),
    },
  }
}

const post = (body: object) =>
  server.app.inject({ method: 'POST', url: '/v1/profile/account', payload: body })
const get = (url: string) =>
  server.app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}projectId=${PROJECT}` })

async function expectRefused(
  response: Awaited<ReturnType<typeof post>>,
  status: number,
  field: string,
  description: RegExp,
) {
  expect(response.statusCode, response.body).toBe(status)
  const body = profileErrorResponseSchema.parse(response.json())
  expect(body.reasons[0]?.name).toBe(field)
  expect(body.reasons[0]?.description).toMatch(description)
  return body
}

const nameCount = async () =>
  Number(
    (
      await server.db
        .selectFrom('names')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('POST /v1/profile/account', () => {
  it('registers a name signed by its address; lookup, reverse lookup, suggestions and identity show it', async () => {
    const { signer, body } = await registration('Alice-Wonder.wcn.id', {
      attributes: { avatar: 'https://a.example/alice.png' },
    })
    const response = await post(body)
    expect(response.statusCode, response.body).toBe(200)
    const created = nameProfileSchema.parse(response.json())
    const address = signer.address.toLowerCase()
    expect(created).toEqual({
      name: 'alice-wonder.wcn.id',
      registered: nowSeconds(),
      updated: nowSeconds(),
      addresses: {
        [String(MAINNET_COIN_TYPE)]: { address, created: new Date(clock).toISOString() },
      },
      attributes: [{ avatar: 'https://a.example/alice.png' }],
    })

    // Lookup: with the suffix or without (Web3Modal asks both ways), in any letter case.
    for (const name of ['alice-wonder.wcn.id', 'ALICE-wonder.wcn.id', 'alice-wonder']) {
      const lookup = await get(`/v1/profile/account/${name}?apiVersion=2`)
      expect(lookup.statusCode, name).toBe(200)
      expect(nameProfileSchema.parse(lookup.json())).toEqual(created)
    }

    const reverse = await get(`/v1/profile/reverse/${signer.address}?apiVersion=2&sender=${signer.address}`)
    expect(reverse.statusCode).toBe(200)
    expect(nameProfileSchema.array().parse(reverse.json())).toEqual([created])

    const suggestions = nameSuggestionsResponseSchema.parse(
      (await get('/v1/profile/suggestions/alice-wonder?zone=wcn.id')).json(),
    )
    expect(suggestions.suggestions[0]).toEqual({ name: 'alice-wonder.wcn.id', registered: true })
    expect(suggestions.suggestions.slice(1)).toHaveLength(3)
    for (const suggestion of suggestions.suggestions.slice(1)) {
      expect(suggestion.registered).toBe(false)
      expect(suggestion.name).toMatch(/^[a-z0-9-]{4,}\.wcn\.id$/)
      expect((await get(`/v1/profile/account/${suggestion.name}`)).statusCode).toBe(404)
    }

    const identity = identityResponseSchema.parse((await get(`/v1/identity/${signer.address}`)).json())
    expect(identity).toEqual({ name: 'alice-wonder.wcn.id', avatar: 'https://a.example/alice.png' })
  })

  it('accepts the coin type as a string, and a name on another served chain', async () => {
    const { body } = await registration('polygon-pal.wcn.id', { coinType: String(coinTypeOfChainId(137)) })
    const response = await post(body)
    expect(response.statusCode, response.body).toBe(200)
    expect(Object.keys(nameProfileSchema.parse(response.json()).addresses)).toEqual([String(2147483785)])
  })

  it('suggests free variants: a variant taken meanwhile is skipped', async () => {
    const first = nameSuggestionsResponseSchema.parse((await get('/v1/profile/suggestions/carol')).json())
    expect(first.suggestions[0]).toEqual({ name: 'carol.wcn.id', registered: false })
    const taken = first.suggestions[1]?.name ?? ''
    expect((await post((await registration(taken)).body)).statusCode).toBe(200)
    const next = nameSuggestionsResponseSchema.parse((await get('/v1/profile/suggestions/carol')).json())
    expect(next.suggestions.map((s) => s.name)).not.toContain(taken)
    expect(next.suggestions.slice(1)).toHaveLength(3)
  })

  it.each([
    ['abc.wcn.id', /at least 4 characters/],
    ['al_ice.wcn.id', /letters, digits and hyphens/],
    ['ali ce.wcn.id', /letters, digits and hyphens/],
    ['alicé.wcn.id', /letters, digits and hyphens/],
    [`${'a'.repeat(64)}.wcn.id`, /at most 63/],
    ['-alice.wcn.id', /start or end with a hyphen/],
    ['alice-.wcn.id', /start or end with a hyphen/],
    ['----.wcn.id', /hyphen/],
    ['ab--cd.wcn.id', /third and fourth places/],
    ['xn--abcd.wcn.id', /third and fourth places/],
    ['xn--aaaa-.wcn.id', /start or end with a hyphen/],
  ])('refuses %s, a name that breaks the rule, with a 400 and its reason', async (name, reason) => {
    const before = await nameCount()
    const body = await expectRefused(await post((await registration(name)).body), 400, 'name', reason)
    expect(body.error.code).toBe('INVALID_NAME')
    expect(await nameCount()).toBe(before)
  })

  it('accepts hyphens inside a name and an xn-- name that is valid punycode', async () => {
    for (const name of ['mary-jane.wcn.id', 'abc--def.wcn.id', 'xn--bcher-kva.wcn.id'])
      expect((await post((await registration(name)).body)).statusCode, name).toBe(200)
  })

  it('refuses a signed message with a key given twice (JSON.parse would keep the last name)', async () => {
    const signer = privateKeyToAccount(generatePrivateKey())
    const message = `{"name":"shown-name.wcn.id","attributes":{},"timestamp":${nowSeconds()},"name":"taken-name.wcn.id"}`
    const response = await post({
      coin_type: MAINNET_COIN_TYPE,
      address: signer.address,
      message,
      signature: await signer.signMessage({ message }),
    })
    await expectRefused(response, 400, 'message', /"name" appears twice/)
    expect((await get('/v1/profile/account/taken-name.wcn.id')).statusCode).toBe(404)
  })

  it.each([
    'http://a.example/a.png',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'https://a.example/"><script>alert(1)</script>',
    "https://a.example/a.png' onerror='x",
    'https:///nohost',
  ])('refuses the avatar %s (https or ipfs only, no markup)', async (avatar) => {
    const response = await post((await registration('avatar-owner.wcn.id', { attributes: { avatar } })).body)
    await expectRefused(response, 400, 'attributes.avatar', /https:\/\/ or ipfs:\/\//)
  })

  it('accepts an ipfs:// avatar', async () => {
    const avatar = 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/avatar.png'
    const response = await post((await registration('ipfs-avatar.wcn.id', { attributes: { avatar } })).body)
    expect(response.statusCode, response.body).toBe(200)
  })

  it(`lets one address hold ${NAMES_PER_ADDRESS} names, also when it asks for many at once`, async () => {
    const signer = privateKeyToAccount(generatePrivateKey())
    const names = Array.from({ length: 40 }, (_, index) => `squatter-${index}.wcn.id`)
    const bodies = await Promise.all(names.map(async (name) => (await registration(name, { signer })).body))
    const responses = await Promise.all(bodies.map((body) => post(body)))
    const statuses = responses.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 200)).toHaveLength(NAMES_PER_ADDRESS)
    expect(statuses.filter((status) => status === 429)).toHaveLength(names.length - NAMES_PER_ADDRESS)
    const refused = responses.find((response) => response.statusCode === 429)
    expect(profileErrorResponseSchema.parse(refused?.json()).error.code).toBe('NAME_LIMIT_REACHED')
    const held = (await get(`/v1/profile/reverse/${signer.address}`)).json()
    expect(held).toHaveLength(NAMES_PER_ADDRESS)
  })

  it('refuses a name taken in any letter case', async () => {
    expect((await post((await registration('bobby.wcn.id')).body)).statusCode).toBe(200)
    for (const name of ['bobby.wcn.id', 'BOBBY.wcn.id', 'BoBbY.wcn.id']) {
      const before = await nameCount()
      const body = await expectRefused(
        await post((await registration(name)).body),
        409,
        'name',
        /already registered/,
      )
      expect(body.error.code).toBe('NAME_TAKEN')
      expect(await nameCount()).toBe(before)
    }
  })

  it('refuses a signature by another key than the address', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const { body } = await registration('mallory.wcn.id', { address: owner.address })
    const refused = await expectRefused(await post(body), 401, 'signature', /not by the address/)
    expect(refused.error.code).toBe('INVALID_SIGNATURE')
    // A signature over another message, and one that is no signature at all.
    const other = await registration('mallory-two.wcn.id', { signer: owner })
    const otherText = JSON.stringify({
      name: 'mallory-two.wcn.id',
      attributes: {},
      timestamp: nowSeconds() - 1,
    })
    const wrongMessage = { ...other.body, message: otherText }
    await expectRefused(await post(wrongMessage), 401, 'signature', /not by the address/)
    await expectRefused(
      await post({ ...other.body, signature: '0x1234' }),
      401,
      'signature',
      /not by the address/,
    )
    expect((await get('/v1/profile/account/mallory.wcn.id')).statusCode).toBe(404)
  })

  it('refuses a message older than 10 minutes or dated in the future (the server clock decides)', async () => {
    const stale = await registration('old-timer.wcn.id', { timestamp: nowSeconds() - 601 })
    const expired = await expectRefused(await post(stale.body), 401, 'timestamp', /older than 10 minutes/)
    expect(expired.error.code).toBe('MESSAGE_EXPIRED')

    const ahead = await registration('time-traveller.wcn.id', { timestamp: nowSeconds() + 300 })
    const future = await expectRefused(await post(ahead.body), 401, 'timestamp', /in the future/)
    expect(future.error.code).toBe('MESSAGE_NOT_YET_VALID')

    // Exactly 10 minutes old is still good: the same signed message once the clock moved on.
    const edge = await registration('just-in-time.wcn.id', { timestamp: nowSeconds() })
    clock += 600_000
    try {
      expect((await post(edge.body)).statusCode).toBe(200)
      const late = await registration('too-late.wcn.id', { timestamp: nowSeconds() - 600 })
      clock += 1_000
      await expectRefused(await post(late.body), 401, 'timestamp', /older than 10 minutes/)
    } finally {
      clock -= 601_000
    }
  })

  it('refuses a message used once already (replay), even for another name holder', async () => {
    const { body } = await registration('once-only.wcn.id')
    expect((await post(body)).statusCode).toBe(200)
    const replay = await expectRefused(await post(body), 409, 'message', /already used/)
    expect(replay.error.code).toBe('MESSAGE_REPLAYED')
  })

  it('a refused registration leaves its message unused: signed again after fixing nothing else, it goes through', async () => {
    // Taken at the time: the same message succeeds once the name is free again.
    const holder = await registration('free-later.wcn.id')
    expect((await post(holder.body)).statusCode).toBe(200)
    const second = await registration('free-later.wcn.id')
    await expectRefused(await post(second.body), 409, 'name', /already registered/)
    await server.db.deleteFrom('names').where('name', '=', 'free-later.wcn.id').execute()
    expect((await post(second.body)).statusCode).toBe(200)
  })

  it.each([
    [{ coin_type: 0 }, 'coin_type', /not an ENSIP-11 EVM coin type/],
    [{ coin_type: coinTypeOfChainId(5) }, 'coin_type', /eip155:5 is not served/],
    [{ coin_type: 'sixty' }, 'coin_type', /coin type/],
    [{ address: '0x1234' }, 'address', /40 hex/],
    [{ message: 'not json' }, 'message', /JSON/],
    [{ message: JSON.stringify({ name: 'json-only.wcn.id' }) }, 'timestamp', /unix seconds/],
    [
      {
        message: JSON.stringify({
          name: 'json-only.wcn.id',
          timestamp: 1,
          attributes: { avatar: 'javascript:x' },
        }),
      },
      'attributes.avatar',
      /http/,
    ],
    [{ signature: 'nope' }, 'signature', /hex/],
  ])('refuses a malformed request %j with a 400 naming the field', async (change, field, reason) => {
    const { body } = await registration('well-formed.wcn.id')
    const refused = await expectRefused(await post({ ...body, ...change }), 400, field, reason)
    expect(refused.error.code).toBe('INVALID_PARAMETER')
  })
})

describe('GET /v1/profile/*', () => {
  it('answers an unknown name with a 404 carrying its reason', async () => {
    const body = await expectRefused(
      await get('/v1/profile/account/nobody-here.wcn.id'),
      404,
      'request',
      /not registered/,
    )
    expect(body.error.code).toBe('NOT_FOUND')
  })

  it('answers an address without names with an empty list', async () => {
    const response = await get(`/v1/profile/reverse/${privateKeyToAccount(generatePrivateKey()).address}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([])
  })

  it('refuses names that break the rule, bad addresses and a missing projectId', async () => {
    await expectRefused(await get('/v1/profile/account/ab.wcn.id'), 400, 'name', /at least 4/)
    await expectRefused(await get('/v1/profile/suggestions/a_b'), 400, 'name', /letters, digits/)
    await expectRefused(await get('/v1/profile/reverse/0x12'), 400, 'address', /40 hex/)
    const noProject = await server.app.inject({ method: 'GET', url: '/v1/profile/account/alice.wcn.id' })
    await expectRefused(noProject, 400, 'projectId', /required/)
  })
})

describe('coinTypeOfChainId (ENSIP-11)', () => {
  it('sets the high bit and refuses chain ids at or above 2^31', () => {
    expect(coinTypeOfChainId(1)).toBe(2147483649)
    expect(coinTypeOfChainId(137)).toBe(2147483785)
    expect(coinTypeOfChainId(2 ** 31 - 1)).toBe(2 ** 32 - 1)
    expect(() => coinTypeOfChainId(2 ** 31)).toThrow('Invalid chainId')
  })
})

/** A minimal ERC-1271 account whose signatures are its owner key's, for the smart-account tests. */
const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract OwnedAccount {
  address public immutable owner;
  constructor(address owner_) { owner = owner_; }
  function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
    if (signature.length != 65) return 0xffffffff;
    bytes32 r = bytes32(signature[0:32]);
    bytes32 s = bytes32(signature[32:64]);
    uint8 v = uint8(signature[64]);
    return ecrecover(hash, v, r, s) == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
  }
}
contract OwnedAccountFactory {
  function deploy(address owner, bytes32 salt) external returns (address) {
    return address(new OwnedAccount{salt: salt}(owner));
  }
}`

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[]
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
}

type Compiled = { abi: Abi; bytecode: Hex }

/** Compiles the account and its CREATE2 factory with solc-js (offline, about a second; the devnet's compiler). */
async function compileSmartAccount(): Promise<{ account: Compiled; factory: Compiled }> {
  const { default: solc } = await import('solc')
  const input = {
    language: 'Solidity',
    sources: { 'OwnedAccount.sol': { content: SOURCE } },
    settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
  if (errors.length) throw new Error(errors.map((error) => error.formattedMessage).join('\n'))
  const compiled = (name: string): Compiled => {
    const contract = output.contracts['OwnedAccount.sol']?.[name]
    if (!contract) throw new Error(`solc produced no ${name}`)
    return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
  }
  return { account: compiled('OwnedAccount'), factory: compiled('OwnedAccountFactory') }
}

describe('smart accounts (ERC-1271, ERC-6492)', () => {
  let compiled: Awaited<ReturnType<typeof compileSmartAccount>>
  beforeAll(async () => {
    compiled = await compileSmartAccount()
  })

  it('registers a name for a contract account whose owner signed, and refuses another key', async () => {
    const { abi, bytecode } = compiled.account
    const owner = privateKeyToAccount(generatePrivateKey())
    const { wallet, publicClient } = devnetClients(devnet.rpcUrl(1), 1, 7)
    const hash = await wallet.deployContract({ abi, bytecode, args: [owner.address] })
    const { contractAddress } = await publicClient.waitForTransactionReceipt({ hash })
    if (!contractAddress) throw new Error('no contract deployed')

    const stranger = await registration('contract-crew.wcn.id', { address: contractAddress })
    await expectRefused(await post(stranger.body), 401, 'signature', /not by the address/)

    const signed = await registration('contract-crew.wcn.id', { address: contractAddress, signer: owner })
    const response = await post(signed.body)
    expect(response.statusCode, response.body).toBe(200)
    const reverse = nameProfileSchema
      .array()
      .parse((await get(`/v1/profile/reverse/${contractAddress}`)).json())
    expect(reverse.map((profile) => profile.name)).toEqual(['contract-crew.wcn.id'])
  })

  it('registers a name for a smart account not deployed yet (ERC-6492: the factory call wraps the signature)', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const { wallet, publicClient } = devnetClients(devnet.rpcUrl(1), 1, 7)
    const hash = await wallet.deployContract({
      abi: compiled.factory.abi,
      bytecode: compiled.factory.bytecode,
    })
    const { contractAddress: factory } = await publicClient.waitForTransactionReceipt({ hash })
    if (!factory) throw new Error('no factory deployed')
    const salt = keccak256(toHex('names-test'))
    const account = getContractAddress({
      opcode: 'CREATE2',
      from: factory,
      salt,
      bytecode: encodeDeployData({
        abi: compiled.account.abi,
        bytecode: compiled.account.bytecode,
        args: [owner.address],
      }),
    })
    expect(await publicClient.getCode({ address: account })).toBeUndefined()
    const factoryData = encodeFunctionData({
      abi: compiled.factory.abi,
      functionName: 'deploy',
      args: [owner.address, salt],
    })
    const wrap = async (signer: ReturnType<typeof privateKeyToAccount>, message: string) =>
      serializeErc6492Signature({
        address: factory,
        data: factoryData,
        signature: await signer.signMessage({ message }),
      })

    const stranger = await registration('counterfactual.wcn.id', { address: account })
    const forged = { ...stranger.body, signature: await wrap(stranger.signer, stranger.body.message) }
    await expectRefused(await post(forged), 401, 'signature', /not by the address/)

    const signed = await registration('counterfactual.wcn.id', { address: account, signer: owner })
    const response = await post({ ...signed.body, signature: await wrap(owner, signed.body.message) })
    expect(response.statusCode, response.body).toBe(200)
    expect(nameProfileSchema.parse(response.json()).addresses[String(MAINNET_COIN_TYPE)]?.address).toBe(
      account.toLowerCase(),
    )
    // Verified by simulation: the account is still not deployed.
    expect(await publicClient.getCode({ address: account })).toBeUndefined()
  })
})
