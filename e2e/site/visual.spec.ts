import { expect, test } from '@playwright/test'
import { openPage } from './design'

/**
 * Screenshot baselines of issue 21's key docs screens — a guide with a diagram and a reference
 * operation — on a laptop in light mode and a phone in dark mode, so a visual regression shows as a
 * diff. Animations are off and the parts that depend on the environment (the announcement bar) are
 * masked. Update with `bash e2e/site/run.sh visual.spec.ts --update-snapshots` after an intended change.
 */
const screens = [
  { name: 'laptop-light', viewport: { width: 1280, height: 800 }, colorScheme: 'light' },
  { name: 'phone-dark', viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
] as const

const options = { animations: 'disabled', caret: 'hide', maxDiffPixelRatio: 0.02 } as const

for (const screen of screens) {
  test.describe(screen.name, () => {
    test.use({ viewport: screen.viewport, colorScheme: screen.colorScheme })

    test('a guide with a diagram and its steps', async ({ page }) => {
      await openPage(page, '/webhooks/gifting-guide/')
      // The section's heading (Docusaurus keeps headings clear of the sticky navbar), then the diagram.
      await page.locator('h2#the-flow').evaluate((node) => node.scrollIntoView({ block: 'start' }))
      await expect(page).toHaveScreenshot(`gifting-diagram-${screen.name}.png`, {
        ...options,
        mask: [page.locator('.theme-announcement-bar')],
      })
    })

    test('a reference operation', async ({ page }) => {
      test.slow()
      await openPage(page, '/open-api/#operation/getOrder')
      await page.locator('[id="operation/getOrder"]').evaluate((node) => node.scrollIntoView({ block: 'start' }))
      await expect(page).toHaveScreenshot(`reference-operation-${screen.name}.png`, {
        ...options,
        mask: [page.locator('.theme-announcement-bar')],
      })
    })
  })
}
