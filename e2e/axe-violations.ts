import { AxeBuilder } from '@axe-core/playwright'
import axe from 'axe-core'
import type { Page } from 'playwright-core'
import { settleAnimations } from './fixtures.js'

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

/**
 * What axe finds wrong on the page (the modal's shadow root included) and in the wallet frame while it
 * is on show (its approval sheet), one readable line per element: rule, impact, help, where, and why.
 * Axe runs in the page itself (legacy mode: the default opens a blank tab in the visitor's context
 * for every run, seconds each, and reaches no frame of another origin anyway); a frame on show gets a
 * run of its own, on its body, as axe checks a frame inside a page (no page-level rules: one main, h1).
 */
export async function violations(page: Page): Promise<string[]> {
  await settleAnimations(page)
  const results = [await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze()]
  for (const frame of page.frames().slice(1)) {
    const shown = await (await frame.frameElement()).evaluate(
      (element: Element) =>
        element.getAttribute('aria-hidden') !== 'true' && getComputedStyle(element).opacity !== '0',
    )
    if (!shown) continue
    await frame.evaluate(axe.source)
    results.push(
      await frame.evaluate(
        (values) =>
          (window as unknown as { axe: typeof axe }).axe.run(document.body, {
            runOnly: { type: 'tag', values },
          }),
        TAGS,
      ),
    )
  }
  return results.flatMap(({ url, violations }) =>
    violations.flatMap((violation) =>
      violation.nodes.map((node) => {
        const why = node.failureSummary?.split('\n').slice(1).join(' ').trim()
        const where = url === page.url() ? '' : ` in ${url}`
        return `${violation.id} (${violation.impact}): ${violation.help} at ${JSON.stringify(node.target)}${where}: ${why}`
      }),
    ),
  )
}
