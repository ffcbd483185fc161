import { randomBytes } from 'node:crypto'
import { SignClient } from '@walletconnect/sign-client'
import { toHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * One full WalletConnect flow with the real, unmodified SDKs: a SignClient dApp pairs with a SignClient
 * wallet by URI, an eip155 session settles and the dApp gets a personal_sign answered by the wallet.
 * It runs in its own plain Node process (see run-sdk-pairing-scenario.ts): vitest workers resolve the
 * `module` export condition, under which the SDK's ESM build cannot load its storage dependency.
 *
 *   tsx sdk-pairing-scenario.ts '{"dappRelayUrl":"ws://…","walletRelayUrl":"ws://…","walletDelayMs":0}'
 */
export interface PairingScenarioInput {
  dappRelayUrl: string
  walletRelayUrl: string
  /** Wait this long after the URI exists before the wallet even starts (mailbox test). */
  walletDelayMs?: number
  /** Sign this many messages in a row after settling. */
  signatures?: number
}

export interface PairingScenarioResult {
  address: string
  message: string
  signatures: string[]
  sessionAccounts: string[]
  /** ms from connect() start to the URI, to the session settled on the dApp side, per signature. */
  uriMs: number
  settledMs: number
  signMs: number[]
  verifiedInChild: boolean
  unhandledRejections: string[]
}

const namespace = {
  chains: ['eip155:1'],
  methods: ['personal_sign'],
  events: ['accountsChanged', 'chainChanged'],
}

const metadata = (name: string) => ({
  name,
  description: `Portico relay ${name}`,
  url: 'http://127.0.0.1',
  icons: [],
})

export async function runPairingScenario(input: PairingScenarioInput): Promise<PairingScenarioResult> {
  // The research note (gotcha 17): the SDK can leak an unhandled rejection when a relay answers with an
  // error; record them so the caller can assert there were none instead of the process dying.
  const unhandledRejections: string[] = []
  process.on('unhandledRejection', (reason) =>
    unhandledRejections.push(String(JSON.stringify(reason) ?? reason)),
  )

  const account = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`)
  const dapp = await SignClient.init({
    relayUrl: input.dappRelayUrl,
    telemetryEnabled: false,
    logger: 'error',
    // Distinct prefixes: otherwise both clients would share one global Core in this process.
    customStoragePrefix: `dapp-${randomBytes(6).toString('hex')}`,
    metadata: metadata('dapp'),
  })

  const started = performance.now()
  const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155: namespace } })
  const uriMs = performance.now() - started
  if (!uri) throw new Error('connect() returned no URI')
  if (input.walletDelayMs) await new Promise((resolve) => setTimeout(resolve, input.walletDelayMs))

  const wallet = await SignClient.init({
    relayUrl: input.walletRelayUrl,
    telemetryEnabled: false,
    logger: 'error',
    customStoragePrefix: `wallet-${randomBytes(6).toString('hex')}`,
    metadata: metadata('wallet'),
  })
  // No internet here: the wallet's Verify lookup would only fail (research note §2).
  // The type promises an object, but the SDK treats undefined as "no attestation" (research note §5.7).
  wallet.core.verify.resolve = (async () => undefined) as unknown as typeof wallet.core.verify.resolve
  wallet.on('session_proposal', async (proposal) => {
    await wallet.approve({
      id: proposal.id,
      namespaces: { eip155: { ...namespace, accounts: [`eip155:1:${account.address}`] } },
    })
  })
  wallet.on('session_request', async ({ topic, id, params }) => {
    const [raw] = params.request.params as [`0x${string}`]
    const signature = await account.signMessage({ message: { raw } })
    await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: signature } })
  })
  await wallet.core.pairing.pair({ uri })
  const session = await approval()
  const settledMs = performance.now() - started

  const message = `Sign in to Portico ${randomBytes(4).toString('hex')}`
  const signatures: string[] = []
  const signMs: number[] = []
  let verifiedInChild = true
  for (let i = 0; i < (input.signatures ?? 1); i++) {
    const before = performance.now()
    const signature = await dapp.request<`0x${string}`>({
      topic: session.topic,
      chainId: 'eip155:1',
      request: { method: 'personal_sign', params: [toHex(message), account.address] },
    })
    signMs.push(performance.now() - before)
    signatures.push(signature)
    verifiedInChild &&= await verifyMessage({ address: account.address, message, signature })
  }

  for (const client of [dapp, wallet]) {
    client.core.heartbeat.stop()
    await client.core.relayer.transportClose().catch(() => {})
  }
  return {
    address: account.address,
    message,
    signatures,
    sessionAccounts: session.namespaces.eip155?.accounts ?? [],
    uriMs,
    settledMs,
    signMs,
    verifiedInChild,
    unhandledRejections,
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '\0')) {
  const input = JSON.parse(process.argv[2] ?? '{}') as PairingScenarioInput
  runPairingScenario(input).then(
    (result) => {
      process.stdout.write(`RESULT ${JSON.stringify(result)}\n`)
      process.exit(0)
    },
    (error) => {
      process.stderr.write(
        `scenario failed: ${error instanceof Error ? error.stack : JSON.stringify(error)}\n`,
      )
      process.exit(1)
    },
  )
}
