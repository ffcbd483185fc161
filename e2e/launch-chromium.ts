import { execFileSync } from 'node:child_process'
import { type Browser, chromium } from 'playwright-core'

/** Flags that keep Chromium quiet on a machine with no network but loopback. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** The `chromium` binary on the PATH (Debian's package). Missing is an error, never a skip. */
export function findChromium(): string {
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim()
  } catch {
    throw new Error(
      "chromium is not on the PATH: install Debian's package (apt-get install chromium); .ci/run does.",
    )
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_FLAGS })
}
