import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import { type Address, erc20Abi, parseEther, parseUnits } from 'viem'
import {
  useBalance,
  useCapabilities,
  useConnect,
  useConnection,
  useConnectors,
  useDisconnect,
  usePublicClient,
  useReadContracts,
  useSendCalls,
  useSendTransaction,
  useSignMessage,
  useSignTypedData,
  useSwitchChain,
  useWaitForCallsStatus,
  useWaitForTransactionReceipt,
  useWriteContract,
} from 'wagmi'
import { SponsoredCalls } from './sponsored-calls.js'

/** The devnet's USDC (the same address on every chain). */
const USDC: Address = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
/** Where the card's transfers go: an address no dev account uses. */
export const WAGMI_RECIPIENT: Address = '0x000000000000000000000000000000000000dEaD'
const MESSAGE = 'Hello from wagmi through Portico'
const TYPED_DATA = {
  domain: { name: 'Portico demo', version: '1', chainId: 1 },
  types: { Greeting: [{ name: 'text', type: 'string' }] },
  primaryType: 'Greeting',
  message: { text: 'Hello' },
} as const

function Result({ id, children }: { id: string; children: ReactNode }) {
  return (
    <output data-testid={`wagmi-${id}`} aria-live="polite">
      {children}
    </output>
  )
}

const failure = (error: Error | null) =>
  error ? <span className="bad">{error.message.split('\n')[0]}</span> : null

/** Drives wagmi's hooks with the wallet the visitor connected through Portico (`?wagmi=1`). */
export function WagmiCard() {
  const queryClient = useQueryClient()
  const { status, address, chainId, connector } = useConnection()
  const [porticoConnector] = useConnectors()
  const connect = useConnect()
  const disconnect = useDisconnect()
  const switchChain = useSwitchChain()
  const balance = useBalance({ address })
  const usdc = useReadContracts({
    allowFailure: false,
    contracts: [
      { address: USDC, abi: erc20Abi, functionName: 'symbol' },
      { address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [address ?? WAGMI_RECIPIENT] },
    ],
    query: { enabled: Boolean(address) },
  })
  const signMessage = useSignMessage()
  const signTypedData = useSignTypedData()
  const sendTransaction = useSendTransaction()
  const writeContract = useWriteContract()
  const sent = useWaitForTransactionReceipt({ hash: sendTransaction.data })
  const written = useWaitForTransactionReceipt({ hash: writeContract.data })
  // EIP-5792: what the wallet can do on this chain, and a batch sent as one approval.
  const capabilities = useCapabilities({ query: { enabled: Boolean(address) } })
  const sendCalls = useSendCalls()
  const batched = useWaitForCallsStatus({ id: sendCalls.data?.id })

  // wagmi's reads of the account follow its own transactions.
  useEffect(() => {
    if (sent.isSuccess || written.isSuccess || batched.isSuccess) void queryClient.invalidateQueries()
  }, [sent.isSuccess, written.isSuccess, batched.isSuccess, queryClient])
  const atomic = chainId === undefined ? undefined : capabilities.data?.[chainId]?.atomic?.status

  const connected = status === 'connected' && address !== undefined

  // Checked through the chain, as a server would: a smart account's signature is ERC-6492 until its first
  // operation deploys it, ERC-1271 after; an EOA's is recovered.
  const publicClient = usePublicClient()
  const signed = useSignedCheck(signMessage.data, (signature) =>
    address && publicClient ? publicClient.verifyMessage({ address, message: MESSAGE, signature }) : false,
  )
  const typedSigned = useSignedCheck(signTypedData.data, (signature) =>
    address && publicClient ? publicClient.verifyTypedData({ address, signature, ...TYPED_DATA }) : false,
  )

  return (
    <section className="card" aria-labelledby="wagmi-title">
      <h2 id="wagmi-title">wagmi hooks</h2>
      <dl>
        <dt>useConnection</dt>
        <dd>
          <Result id="status">{status}</Result> <Result id="address">{address ?? '—'}</Result>{' '}
          <Result id="chain">{chainId ?? '—'}</Result> <Result id="connector">{connector?.id ?? '—'}</Result>
        </dd>
        <dt>useBalance</dt>
        <dd>
          <Result id="balance">
            {balance.data ? `${balance.data.value} ${balance.data.symbol}` : (failure(balance.error) ?? '—')}
          </Result>
        </dd>
        <dt>useCapabilities</dt>
        <dd>
          <Result id="capabilities">
            {atomic ? `atomic ${atomic}` : (failure(capabilities.error) ?? '—')}
          </Result>
        </dd>
        <dt>useReadContracts</dt>
        <dd>
          <Result id="usdc">
            {usdc.data ? `${usdc.data[1]} ${usdc.data[0]}` : (failure(usdc.error) ?? '—')}
          </Result>
        </dd>
      </dl>
      <div className="actions">
        <button type="button" className="demo-button" onClick={() => void queryClient.invalidateQueries()}>
          Refresh reads
        </button>
        <button
          type="button"
          className="demo-button"
          disabled={connected || !porticoConnector}
          onClick={() => porticoConnector && connect.connect({ connector: porticoConnector })}
        >
          useConnect
        </button>
        <Result id="connect">{connect.isSuccess ? 'connected' : failure(connect.error)}</Result>
        <button
          type="button"
          className="demo-button"
          disabled={!connected}
          onClick={() => signMessage.signMessage({ message: MESSAGE })}
        >
          useSignMessage
        </button>
        <Result id="sign">{signed ?? failure(signMessage.error)}</Result>
        <button
          type="button"
          className="demo-button"
          disabled={!connected}
          onClick={() => signTypedData.signTypedData(TYPED_DATA)}
        >
          useSignTypedData
        </button>
        <Result id="sign-typed">{typedSigned ?? failure(signTypedData.error)}</Result>
        <button
          type="button"
          className="demo-button"
          disabled={!connected}
          onClick={() => sendTransaction.sendTransaction({ to: WAGMI_RECIPIENT, value: parseEther('1') })}
        >
          useSendTransaction
        </button>
        <Result id="send">{sent.data?.status ?? failure(sendTransaction.error ?? sent.error)}</Result>
        <button
          type="button"
          className="demo-button"
          disabled={!connected}
          onClick={() =>
            writeContract.writeContract({
              address: USDC,
              abi: erc20Abi,
              functionName: 'transfer',
              args: [WAGMI_RECIPIENT, parseUnits('1', 6)],
            })
          }
        >
          useWriteContract
        </button>
        <Result id="write">{written.data?.status ?? failure(writeContract.error ?? written.error)}</Result>
        <button
          type="button"
          className="demo-button"
          disabled={!connected}
          onClick={() =>
            sendCalls.sendCalls({
              calls: [
                {
                  to: USDC,
                  abi: erc20Abi,
                  functionName: 'approve',
                  args: [WAGMI_RECIPIENT, parseUnits('2', 6)],
                },
                {
                  to: USDC,
                  abi: erc20Abi,
                  functionName: 'transfer',
                  args: [WAGMI_RECIPIENT, parseUnits('1', 6)],
                },
              ],
            })
          }
        >
          useSendCalls
        </button>
        <Result id="calls">
          {batched.data
            ? `${batched.data.status}, ${batched.data.receipts?.length ?? 0} receipt`
            : failure(sendCalls.error ?? batched.error)}
        </Result>
        <SponsoredCalls connected={connected} recipient={WAGMI_RECIPIENT} />
        <button
          type="button"
          className="demo-button"
          disabled={!connected}
          onClick={() => switchChain.switchChain({ chainId: chainId === 10 ? 1 : 10 })}
        >
          useSwitchChain
        </button>
        <Result id="switch">{switchChain.data ? switchChain.data.id : failure(switchChain.error)}</Result>
        <button
          type="button"
          className="demo-button"
          disabled={!connected}
          onClick={() => disconnect.disconnect()}
        >
          useDisconnect
        </button>
      </div>
    </section>
  )
}

/** 'verified' or 'invalid' once `signature` is checked against the connected account. */
function useSignedCheck(
  signature: `0x${string}` | undefined,
  check: (signature: `0x${string}`) => false | Promise<boolean>,
): ReactNode {
  const [verdict, setVerdict] = useState<{ signature: string; valid: boolean }>()
  // `check` is new on every render and closes over the address, which a signature already belongs to.
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked once per signature
  useEffect(() => {
    if (!signature) return
    let active = true
    void Promise.resolve(check(signature)).then(
      (valid) => active && setVerdict({ signature, valid }),
      () => active && setVerdict({ signature, valid: false }),
    )
    return () => {
      active = false
    }
  }, [signature])
  if (!signature) return undefined
  if (verdict?.signature !== signature) return 'checking'
  return verdict.valid ? 'verified' : 'invalid'
}
