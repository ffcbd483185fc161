import { useEffect, useState } from 'react'

/** Whole seconds until `resendAt` (rounded up, as the cooldown message says), ticking once a second. */
export function useResendCountdown(resendAt: number | undefined): number {
  const remaining = () => (resendAt ? Math.max(0, Math.ceil((resendAt - Date.now()) / 1000)) : 0)
  const [seconds, setSeconds] = useState(remaining)
  // biome-ignore lint/correctness/useExhaustiveDependencies: remaining reads only resendAt
  useEffect(() => {
    setSeconds(remaining())
    if (!resendAt) return
    const timer = setInterval(() => {
      const left = remaining()
      setSeconds(left)
      if (left === 0) clearInterval(timer)
    }, 250)
    return () => clearInterval(timer)
  }, [resendAt])
  return seconds
}
