import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { modes, openPage, samplePages, viewports } from './design'
import { hydrated } from './site'

/**
 * Issue 21 on the docs: a sample of pages — the landing page, a get-started guide, a storefront guide,
 * a webhook guide with a diagram and a reference operation — on a phone (390 × 844) and a laptop
 * (1280 × 800), in light and dark mode: no serious or critical axe violation, no horizontal page
 * scroll (wide code and tables scroll inside their own box), and the shared design tokens in charge.
 */
/** The page's own horizontal overflow in CSS pixels (0 when nothing makes the page scroll sideways). */
async function horizontalOverflow(page: Page): Promise<{ overflow: number; widest: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const overflow = document.documentElement.scrollWidth - width
    if (overflow <= 0) return { overflow, widest: [] }
    // The elements sticking out of the page (not clipped by a box that scrolls), to say what to fix.
    const isClipped = (element: HTMLElement) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true
      }
      return false
    }
    const widest = [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((element) => element.getBoundingClientRect().right > width + 1 && !isClipped(element))
      .filter((element) => !element.matches('[class*="skipToContent"]'))
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${element.textContent?.slice(0, 40)}"`,
      )
    return { overflow, widest }
  })
}

for (const mode of modes) {
  for (const viewport of viewports) {
    test.describe(`${viewport.name}, ${mode} mode`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height }, colorScheme: mode })

      for (const sample of samplePages) {
        test(`${sample.name} (${sample.path}): no serious or critical axe violation, no sideways scroll`, async ({
          page,
        }) => {
          if ('parts' in sample) test.slow()
          await openPage(page, sample.path)
          await expect(page.locator('html')).toHaveAttribute('data-theme', mode)

          const { overflow, widest } = await horizontalOverflow(page)
          expect(overflow, `wider than the screen: ${widest.join(', ')}`).toBeLessThanOrEqual(0)

          const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          for (const part of 'parts' in sample ? sample.parts : []) axe.include(part)
          const { violations } = await axe.analyze()
          const blocking = violations
            .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
            .map((violation) => ({
              rule: violation.id,
              impact: violation.impact,
              nodes: violation.nodes.slice(0, 3).map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
            }))
          expect(blocking).toEqual([])
        })
      }
    })
  }
}

test.describe('one identity', () => {
  test('the docs take their colours, type and focus ring from the shared tokens, in both modes', async ({ page }) => {
    for (const mode of modes) {
      await page.emulateMedia({ colorScheme: mode })
      await page.goto('/')
      await hydrated(page)
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode)
      const read = await page.evaluate(() => {
        const style = getComputedStyle(document.documentElement)
        const value = (name: string) => style.getPropertyValue(name).trim()
        return {
          brand: value('--fs-color-brand'),
          probe: (() => {
            const probe = document.createElement('span')
            probe.style.color = 'var(--fs-color-brand)'
            document.body.append(probe)
            const color = getComputedStyle(probe).color
            probe.remove()
            return color
          })(),
          link: (() => {
            const link = document.createElement('a')
            link.href = '#x'
            document.querySelector('article')?.append(link)
            const color = getComputedStyle(link).color
            link.remove()
            return color
          })(),
          font: getComputedStyle(document.body).fontFamily,
          fontToken: value('--fs-font-sans'),
        }
      })
      expect(read.brand).toBe(mode === 'light' ? '#5b3cc4' : '#a897ff')
      expect(read.link).toBe(read.probe)
      expect(read.font.replace(/\s/g, '')).toBe(read.fontToken.replace(/\s/g, ''))
    }
  })
})

test.describe('the reference on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('pills never wrap inside a word, the try-it console shows the path as written, nothing scrolls sideways', async ({
    page,
  }) => {
    test.slow()
    await openPage(page, '/open-api/#operation/getOrder')
    const operation = page.locator('section.fsr-op[data-op="getOrder"]')
    const wrapped = await operation.evaluate((section) =>
      [...section.querySelectorAll<HTMLElement>('.fsr-m, .fsr-st, .fsr-b, .fsr-f, .fsr-auth code')]
        .filter((pill) => {
          const lineHeight = Number.parseFloat(getComputedStyle(pill).fontSize) * 1.9
          return pill.getBoundingClientRect().height > lineHeight
        })
        .map((pill) => pill.textContent),
    )
    expect(wrapped).toEqual([])

    await operation.locator('button.fsr-try').click()
    const title = operation.getByRole('heading', { name: /^Try it:/ })
    await expect(title).toBeVisible()
    // innerText is what the reader sees, after CSS text-transform.
    expect(await title.evaluate((node) => (node as HTMLElement).innerText)).toBe('Try it: GET /order/{orderId}')
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    )
  })
})

test.describe('every reference component on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  for (const route of ['/open-api/', '/open-api-beta/', '/storefront-api/']) {
    test(`${route}: every operation, schema and event, all expanded, fits the width`, async ({ page }) => {
      test.slow()
      await openPage(page, route)
      // Lay out every section (they skip layout off-screen) and open every disclosure.
      await page.addStyleTag({ content: '.fsr-op, .fsr-schema, .fsr-sec { content-visibility: visible !important; }' })
      await page.evaluate(() => {
        for (const details of document.querySelectorAll('details')) details.open = true
      })
      const { overflow, widest } = await horizontalOverflow(page)
      expect(overflow, `wider than the screen: ${widest.join(', ')}`).toBeLessThanOrEqual(0)
    })
  }
})
