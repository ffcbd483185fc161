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

/**
 * Playwright's defaults turn off storage partitioning, which makes a cross-site frame's localStorage
 * and IndexedDB throw instead of behaving as in Chrome for real visitors. Chromium keeps the last value
 * of a repeated switch, so this restates Playwright's list of disabled features without that one.
 */
export const KEEP_STORAGE_PARTITIONING =
  '--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,' +
  'HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,AvoidCorsURLLoaderRestartOnRedirect,' +
  'OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch'

/**
 * `partitionStorage: false` keeps Playwright's defaults: a browser where the cross-site wallet frame gets
 * no storage of its own (as where third-party storage is blocked), so nothing it keeps outlives the page.
 */
export function launchChromium(options: { partitionStorage?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args:
      options.partitionStorage === false ? CHROMIUM_FLAGS : [...CHROMIUM_FLAGS, KEEP_STORAGE_PARTITIONING],
  })
}
