import { useState } from 'react'

export type ActionResult<T> = { ok: T } | { error: string }

/** Runs one wallet action at a time and keeps its outcome, or the wallet's own short error message. */
export function useWalletAction<T>() {
  const [pending, setPending] = useState(false)
  const [result, setResult] = useState<ActionResult<T>>()
  const run = async (action: () => Promise<T>) => {
    setPending(true)
    setResult(undefined)
    try {
      setResult({ ok: await action() })
    } catch (error) {
      setResult({ error: (error as { shortMessage?: string }).shortMessage ?? (error as Error).message })
    } finally {
      setPending(false)
    }
  }
  return { pending, result, run }
}
