import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import {
  devAccount,
  ENTRY_POINT_08_ADDRESS,
  resolveAnvilBinary,
  smartAccountFactoryArtifact,
} from '@portico/devnet'
import {
  type Abi,
  createTestClient,
  encodeAbiParameters,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  hashMessage,
  http,
  keccak256,
  publicActions,
  walletActions,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { serializeErc6492Signature } from 'viem/utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSiwe } from './create-siwe.js'

/**
 * A smart account in its smallest form: ERC-1271 `isValidSignature` accepts what its owner's key
 * signed; the factory deploys one per (owner, salt) with CREATE2, so its address is known before.
 */
const SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract OwnedAccount {
  address public immutable owner;
  constructor(address accountOwner) { owner = accountOwner; }
  function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
    if (signature.length != 65) return 0xffffffff;
    bytes32 r = bytes32(signature[0:32]);
    bytes32 s = bytes32(signature[32:64]);
    uint8 v = uint8(signature[64]);
    return ecrecover(hash, v, r, s) == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
  }
}
contract OwnedAccountFactory {
  function deploy(address accountOwner, bytes32 salt) external returns (address) {
    return address(new OwnedAccount{salt: salt}(accountOwner));
  }
}
`

type Compiled = Record<string, { abi: Abi; bytecode: Hex }>

async function compile(): Promise<Compiled> {
  const { default: solc } = await import('solc')
  const input = {
    language: 'Solidity',
    sources: { 'Accounts.sol': { content: SOURCE } },
    settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input)))
  const contracts = output.contracts['Accounts.sol'] as Record<
    string,
    { abi: Abi; evm: { bytecode: { object: string } } }
  >
  return Object.fromEntries(
    Object.entries(contracts).map(([name, { abi, evm }]) => [
      name,
      { abi, bytecode: `0x${evm.bytecode.object}` as Hex },
    ]),
  )
}

/** One anvil chain on a port it picks itself. */
async function startAnvil(): Promise<{ url: string; process: ChildProcess }> {
  const child = spawn(resolveAnvilBinary(), ['--host', '127.0.0.1', '--port', '0', '--chain-id', '1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
  for await (const line of lines) {
    const listening = /Listening on (\S+)/.exec(line)
    if (listening) return { url: `http://${listening[1]}`, process: child }
  }
  throw new Error('anvil exited before listening')
}

const owner = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const stranger = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
const DOMAIN = 'app.example'

describe('smart-account sign-in (ERC-1271, ERC-6492)', () => {
  let anvil: { url: string; process: ChildProcess } | undefined
  let client: ReturnType<typeof chainClient>
  let contracts: Compiled
  let factory: Hex
  const chainClient = (url: string) =>
    createTestClient({ mode: 'anvil', transport: http(url), account: devAccount(0) })
      .extend(publicActions)
      .extend(walletActions)

  beforeAll(async () => {
    ;[contracts, anvil] = await Promise.all([compile(), startAnvil()])
    client = chainClient(anvil.url)
    const factoryContract = contracts.OwnedAccountFactory as Compiled[string]
    const hash = await client.deployContract({
      abi: factoryContract.abi,
      bytecode: factoryContract.bytecode,
      chain: null,
    })
    factory = (await client.waitForTransactionReceipt({ hash })).contractAddress as Hex
  })
  afterAll(() => {
    anvil?.process.kill()
  })

  const siweFor = () => createSiwe({ domain: DOMAIN, chainIds: [1], client: () => client })
  const salt = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex

  /** The account's CREATE2 address and the factory call that deploys it. */
  function account(n: number) {
    const { bytecode } = contracts.OwnedAccount as Compiled[string]
    const initCode =
      `${bytecode}${encodeAbiParameters([{ type: 'address' }], [owner.address]).slice(2)}` as Hex
    const address = getContractAddress({
      opcode: 'CREATE2',
      from: factory,
      salt: salt(n),
      bytecode: initCode,
    })
    const deployData = encodeFunctionData({
      abi: (contracts.OwnedAccountFactory as Compiled[string]).abi,
      functionName: 'deploy',
      args: [owner.address, salt(n)],
    })
    return { address, deployData }
  }

  async function message(siwe: ReturnType<typeof createSiwe>, address: Hex) {
    return createSiweMessage({
      domain: DOMAIN,
      uri: `https://${DOMAIN}`,
      address,
      chainId: 1,
      nonce: await siwe.issueNonce(),
      version: '1',
      issuedAt: new Date(),
    })
  }

  it('accepts a deployed account signature its ERC-1271 check approves, and refuses another key', async () => {
    const siwe = siweFor()
    const { address, deployData } = account(1)
    await client.waitForTransactionReceipt({
      hash: await client.sendTransaction({ to: factory, data: deployData, chain: null }),
    })
    const text = await message(siwe, address)
    const session = await siwe.verify({
      message: text,
      signature: await owner.signMessage({ message: text }),
    })
    expect(session.address).toBe(address)

    const other = await message(siwe, address)
    await expect(
      siwe.verify({ message: other, signature: await stranger.signMessage({ message: other }) }),
    ).rejects.toMatchObject({ code: 'INVALID_SIGNATURE' })
  })

  it('accepts a not yet deployed account through its ERC-6492 wrapped signature', async () => {
    const siwe = siweFor()
    const { address, deployData } = account(2)
    expect(await client.getCode({ address })).toBeUndefined()
    const text = await message(siwe, address)
    const signature = serializeErc6492Signature({
      address: factory,
      data: deployData,
      signature: await owner.signMessage({ message: text }),
    })
    expect((await siwe.verify({ message: text, signature })).address).toBe(address)

    const other = await message(siwe, address)
    const forged = serializeErc6492Signature({
      address: factory,
      data: deployData,
      signature: await stranger.signMessage({ message: other }),
    })
    await expect(siwe.verify({ message: other, signature: forged })).rejects.toMatchObject({
      code: 'INVALID_SIGNATURE',
    })
  })

  it("accepts Portico's embedded smart account before deployment (ERC-6492) and after (ERC-1271), never a forgery", async () => {
    const siwe = siweFor()
    const deployed = await client.waitForTransactionReceipt({
      hash: await client.deployContract({
        abi: smartAccountFactoryArtifact.abi,
        bytecode: smartAccountFactoryArtifact.bytecode,
        args: [ENTRY_POINT_08_ADDRESS],
        chain: null,
      }),
    })
    const portico = { address: deployed.contractAddress as Hex, abi: smartAccountFactoryArtifact.abi }
    const address = await client.readContract({
      ...portico,
      functionName: 'getAddress',
      args: [owner.address, 0n],
    })
    const deployData = encodeFunctionData({
      abi: portico.abi,
      functionName: 'createAccount',
      args: [owner.address, 0n],
    })
    // What the frame signs: the message's hash bound to the account and the chain (replay-safe).
    const accountSignature = (signer: typeof owner, text: string) =>
      signer.sign({
        hash: keccak256(
          encodeAbiParameters(
            [{ type: 'address' }, { type: 'uint256' }, { type: 'bytes32' }],
            [address, 1n, hashMessage(text)],
          ),
        ),
      })
    const wrap = (signature: Hex) =>
      serializeErc6492Signature({ address: portico.address, data: deployData, signature })

    const before = await message(siwe, address)
    expect(await client.getCode({ address })).toBeUndefined()
    expect(
      (await siwe.verify({ message: before, signature: wrap(await accountSignature(owner, before)) }))
        .address,
    ).toBe(address)
    const forged = await message(siwe, address)
    await expect(
      siwe.verify({ message: forged, signature: wrap(await accountSignature(stranger, forged)) }),
    ).rejects.toMatchObject({ code: 'INVALID_SIGNATURE' })
    // The owner's plain signature of the text is its EOA's, not the account's.
    const replayed = await message(siwe, address)
    await expect(
      siwe.verify({ message: replayed, signature: wrap(await owner.signMessage({ message: replayed })) }),
    ).rejects.toMatchObject({ code: 'INVALID_SIGNATURE' })
    // Verifying simulated the deployment only.
    expect(await client.getCode({ address })).toBeUndefined()

    await client.waitForTransactionReceipt({
      hash: await client.sendTransaction({ to: portico.address, data: deployData, chain: null }),
    })
    const after = await message(siwe, address)
    expect(
      (await siwe.verify({ message: after, signature: await accountSignature(owner, after) })).address,
    ).toBe(address)
    const strangers = await message(siwe, address)
    await expect(
      siwe.verify({ message: strangers, signature: await accountSignature(stranger, strangers) }),
    ).rejects.toMatchObject({ code: 'INVALID_SIGNATURE' })
    const plain = await message(siwe, address)
    await expect(
      siwe.verify({ message: plain, signature: await owner.signMessage({ message: plain }) }),
    ).rejects.toMatchObject({ code: 'INVALID_SIGNATURE' })
  })
})
