import { type Address, erc20Abi, parseUnits } from 'viem'
import { useSendCalls, useShowCallsStatus, useWaitForCallsStatus } from 'wagmi'
import { demoPaymasterUrl } from '../portico-config.js'

/** The devnet's USDC (the same address on every chain). */
const USDC: Address = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'

/**
 * A batch whose fee the demo's paymaster pays (ERC-7677 `paymasterService`): an account with no ETH sends
 * it. Shown only when the stack names the demo's paymaster.
 */
export function SponsoredCalls({ connected, recipient }: { connected: boolean; recipient: Address }) {
  const sendCalls = useSendCalls()
  const batched = useWaitForCallsStatus({ id: sendCalls.data?.id })
  // The wallet shows the batch's status in its own window (EIP-5792 wallet_showCallsStatus).
  const showStatus = useShowCallsStatus()
  const url = demoPaymasterUrl
  if (!url) return null
  const error = sendCalls.error ?? batched.error ?? showStatus.error
  return (
    <>
      <button
        type="button"
        className="demo-button"
        disabled={!connected}
        onClick={() =>
          sendCalls.sendCalls({
            calls: [
              { to: USDC, abi: erc20Abi, functionName: 'approve', args: [recipient, parseUnits('3', 6)] },
              { to: recipient },
            ],
            capabilities: { paymasterService: { url } },
          })
        }
      >
        useSendCalls (sponsored)
      </button>
      <button
        type="button"
        className="demo-button"
        disabled={!sendCalls.data?.id}
        onClick={() => sendCalls.data && showStatus.showCallsStatus({ id: sendCalls.data.id })}
      >
        useShowCallsStatus
      </button>
      <output data-testid="wagmi-sponsored" aria-live="polite">
        {batched.data ? (
          `${batched.data.status}, ${batched.data.receipts?.length ?? 0} receipt`
        ) : error ? (
          <span className="bad">{error.message.split('\n')[0]}</span>
        ) : null}
      </output>
    </>
  )
}
