import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * Checks every browser suite runs on each screen it visits (issue 21): the page never scrolls
 * sideways, and axe finds no serious or critical violation.
 */

/** The page fits its viewport: nothing makes it scroll sideways (tables scroll inside their own box). */
export async function expectNoHorizontalScroll(page: Page, where = page.url()): Promise<void> {
  const widths = await page.evaluate(() => {
    const inner = window.innerWidth
    // What sticks out, innermost first, to name in a failure: a box past the edge, or text (a long
    // unbreakable word) overflowing a box that does not clip it.
    const sticksOut = (element: Element) =>
      element.getBoundingClientRect().right > inner + 0.5 ||
      (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX === 'visible')
    const outside = [...document.querySelectorAll('body *')]
      .filter(sticksOut)
      .filter((element) => ![...element.children].some(sticksOut))
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${(element.textContent ?? '').slice(0, 40)}"`,
      )
    return { scroll: document.scrollingElement?.scrollWidth ?? 0, inner, outside }
  })
  expect(
    widths.scroll,
    `${where} is ${widths.scroll} px wide in a ${widths.inner} px viewport: ${widths.outside.join(', ')}`,
  ).toBeLessThanOrEqual(widths.inner)
}

/**
 * @axe-core/playwright's serious and critical violations on the page: the WCAG 2.x A and AA rules and
 * axe's best practices (among them a dialog without a name, a positive tabindex, a field labelled only
 * by its title, a duplicated access key).
 */
export async function axeSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }))
}

/** The page fits its viewport (no sideways scroll) and axe finds no serious or critical violation. */
export async function expectFitsAndAccessible(page: Page, what: string): Promise<void> {
  await expectNoHorizontalScroll(page, what)
  const violations = await axeSeriousViolations(page)
  expect(violations, `${what}: ${JSON.stringify(violations, null, 2)}`).toEqual([])
}

/** Issue 21's sizes (a phone, a laptop) in both colour schemes: each suite runs its key screens in all four. */
export const looks = (['light', 'dark'] as const).flatMap((colorScheme) =>
  (
    [
      { name: 'phone', width: 390, height: 844 },
      { name: 'laptop', width: 1280, height: 800 },
    ] as const
  ).map((viewport) => ({ colorScheme, viewport })),
)
