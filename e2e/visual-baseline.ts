import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import pixelmatch from 'pixelmatch'
import type { Locator } from 'playwright-core'
import { PNG } from 'pngjs'

/** Committed pictures of how parts of the UI must look; `PORTICO_UPDATE_BASELINES=1` writes them afresh. */
const BASELINES = join(import.meta.dirname, 'baselines')
/** Where a mismatch leaves the picture taken and the difference, for a look. */
const MISMATCHES = join(import.meta.dirname, 'screenshots', 'baseline-mismatches')

/**
 * Fails when `target` looks other than its committed baseline `name` beyond a small tolerance (anti-
 * aliasing, one-pixel shifts): a visual fix stays fixed. Pick parts whose content does not change from run
 * to run (labels, layout), not addresses or balances. A missing baseline is written, except under CI.
 */
export async function expectToMatchBaseline(
  target: Locator,
  name: string,
  { maxDiffRatio = 0.01 }: { maxDiffRatio?: number } = {},
): Promise<void> {
  // Wallet logos and icons arrive after the text: the picture waits for every image to settle.
  await target.locator('img').evaluateAll((images) =>
    Promise.all(
      (images as HTMLImageElement[]).map((image) =>
        image.complete
          ? undefined
          : new Promise((settle) => {
              image.addEventListener('load', settle, { once: true })
              image.addEventListener('error', settle, { once: true })
            }),
      ),
    ),
  )
  const taken = await target.screenshot({ animations: 'disabled', caret: 'hide' })
  const file = join(BASELINES, `${name}.png`)
  if (process.env.PORTICO_UPDATE_BASELINES || !existsSync(file)) {
    if (!existsSync(file) && process.env.CI)
      throw new Error(`No baseline ${file}: write it with PORTICO_UPDATE_BASELINES=1`)
    await mkdir(BASELINES, { recursive: true })
    await writeFile(file, taken)
    return
  }
  const expected = PNG.sync.read(await readFile(file))
  const actual = PNG.sync.read(taken)
  const keep = async (diff?: PNG) => {
    await mkdir(MISMATCHES, { recursive: true })
    await writeFile(join(MISMATCHES, `${name}-actual.png`), taken)
    if (diff) await writeFile(join(MISMATCHES, `${name}-diff.png`), PNG.sync.write(diff))
  }
  if (expected.width !== actual.width || expected.height !== actual.height) {
    await keep()
    throw new Error(
      `${name}: ${actual.width}x${actual.height} px against the baseline's ${expected.width}x${expected.height}`,
    )
  }
  const diff = new PNG({ width: actual.width, height: actual.height })
  const differing = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, {
    threshold: 0.2,
  })
  const ratio = differing / (actual.width * actual.height)
  if (ratio > maxDiffRatio) {
    await keep(diff)
    throw new Error(`${name}: ${(ratio * 100).toFixed(2)} % of the pixels differ from the baseline`)
  }
}
