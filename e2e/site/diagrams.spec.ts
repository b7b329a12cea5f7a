import { expect, type Locator, type Page, test } from '@playwright/test'
import { openPage } from './design'
import { hydrated } from './site'

/**
 * Issue 21's diagrams: each says what it shows (an alt sentence, the steps in a <details> right after
 * it) and opens full-screen with pan and zoom, by keyboard and by pointer, on a laptop and a phone.
 */
const diagramGuides = [
  '/platform-apps/',
  '/storefront/',
  '/storefront/checkout/',
  '/webhooks/',
  '/webhooks/gifting-guide/',
  '/webhooks/response-retry-policies/',
  '/1.0/',
]

/** The diagram's scale and position in the dialog, read from its transform. */
async function viewOf(dialog: Locator): Promise<{ scale: number; x: number; y: number }> {
  const transform = await dialog.locator('.fanshelf-diagram-dialog__content').evaluate((node) => node.style.transform)
  const match = /translate\((-?[\d.e-]+)px, (-?[\d.e-]+)px\) scale\(([\d.e-]+)\)/.exec(transform)
  if (match === null) throw new Error(`no view in "${transform}"`)
  return { x: Number(match[1]), y: Number(match[2]), scale: Number(match[3]) }
}

async function firstDiagram(page: Page): Promise<Locator> {
  await openPage(page, '/webhooks/gifting-guide/')
  const diagram = page.locator('.fanshelf-diagram').first()
  await diagram.scrollIntoViewIfNeeded()
  return diagram
}

test('every diagram has a one-sentence alt and its steps in words right after it', async ({ page }) => {
  for (const route of diagramGuides) {
    await openPage(page, route)
    const diagrams = page.locator('.fanshelf-diagram')
    expect(await diagrams.count(), route).toBeGreaterThan(0)
    for (const diagram of await diagrams.all()) {
      const alt = (await diagram.locator('img:visible').getAttribute('alt')) ?? ''
      expect(alt, route).toMatch(/^[A-Z0-9].{20,299}[.!?]$/)
      expect(alt, route).not.toMatch(/sequenceDiagram|flowchart|stateDiagram|-->|->>/)
      const details = diagram.locator('xpath=following-sibling::*[1][self::details]')
      await expect(details.locator('summary'), route).toHaveCount(1)
      expect(await details.locator('li').count(), route).toBeGreaterThanOrEqual(2)
      await details.locator('summary').click()
      await expect(details.locator('li').first(), route).toBeVisible()
    }
  }
})

test.describe('the full-screen diagram', () => {
  test('opens from the keyboard, zooms and pans with keys, keeps focus inside, and Escape closes it', async ({
    page,
  }) => {
    const diagram = await firstDiagram(page)
    const enlarge = diagram.getByRole('button', { name: /^Enlarge diagram/ })
    // Reached with Tab like any control of the page.
    await enlarge.focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    await expect(enlarge).toBeFocused()
    await page.keyboard.press('Enter')

    const dialog = page.getByRole('dialog', { name: 'A gifting draw from stream start to redemption' })
    await expect(dialog).toBeVisible()
    await expect(dialog.locator('img:visible')).toHaveAttribute('alt', /^The bot marks the stream live/)
    const fitted = await viewOf(dialog)
    await page.keyboard.press('+')
    await page.keyboard.press('+')
    const zoomed = await viewOf(dialog)
    expect(zoomed.scale).toBeCloseTo(fitted.scale * 1.25 * 1.25, 5)

    const stage = dialog.getByRole('group', { name: 'Diagram' })
    await stage.focus()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowDown')
    const panned = await viewOf(dialog)
    expect([panned.x, panned.y]).toEqual([zoomed.x - 40, zoomed.y - 40])
    await page.keyboard.press('0')
    expect(await viewOf(dialog)).toEqual(fitted)

    // Focus cannot leave the dialog while it is open.
    for (let press = 0; press < 8; press += 1) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true)
    }

    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(enlarge).toBeFocused()
  })

  test('opens on a click, zooms with the wheel and the buttons, pans by dragging, and closes', async ({ page }) => {
    const diagram = await firstDiagram(page)
    await diagram.locator('img:visible').click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    const fitted = await viewOf(dialog)

    const stage = dialog.getByRole('group', { name: 'Diagram' })
    const box = await stage.boundingBox()
    if (box === null) throw new Error('no stage')
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.wheel(0, -100)
    await expect.poll(async () => (await viewOf(dialog)).scale).toBeGreaterThan(fitted.scale)
    const wheeled = await viewOf(dialog)

    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2 - 60, { steps: 4 })
    await page.mouse.up()
    const dragged = await viewOf(dialog)
    expect(dragged.x).toBeCloseTo(wheeled.x - 120, 0)
    expect(dragged.y).toBeCloseTo(wheeled.y - 60, 0)

    await dialog.getByRole('button', { name: 'Zoom out' }).click()
    expect((await viewOf(dialog)).scale).toBeCloseTo(dragged.scale / 1.25, 5)
    await dialog.getByRole('button', { name: 'Fit' }).click()
    expect(await viewOf(dialog)).toEqual(fitted)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toHaveCount(0)
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

    test('fills the screen and shows the whole diagram, which can be zoomed to read', async ({ page }) => {
      const diagram = await firstDiagram(page)
      await diagram.getByRole('button', { name: /^Enlarge diagram/ }).tap()
      const dialog = page.getByRole('dialog')
      await expect(dialog).toBeVisible()
      const dialogBox = await dialog.boundingBox()
      expect(dialogBox?.width).toBe(390)
      const fitted = await viewOf(dialog)
      const image = await dialog.locator('img:visible').boundingBox()
      expect(image?.width ?? 0).toBeLessThanOrEqual(390)
      await dialog.getByRole('button', { name: 'Zoom in' }).tap()
      await dialog.getByRole('button', { name: 'Zoom in' }).tap()
      expect((await viewOf(dialog)).scale).toBeGreaterThan(fitted.scale)
      await dialog.getByRole('button', { name: 'Close' }).tap()
      await expect(dialog).toHaveCount(0)
    })
  })

  test('loads nothing for the dialog on a page without diagrams, and only on demand on a page with one', async ({
    page,
  }) => {
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    await page.goto('/webhooks/testing/')
    await hydrated(page)
    const before = scripts.length
    const diagram = await firstDiagram(page)
    const beforeOpening = scripts.length
    await diagram.getByRole('button', { name: /^Enlarge diagram/ }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    // Opening fetched the dialog's own chunk, which neither page had loaded before.
    const loadedOnOpening = scripts.slice(beforeOpening)
    expect(loadedOnOpening.length).toBeGreaterThan(0)
    for (const script of loadedOnOpening) expect(scripts.slice(0, beforeOpening)).not.toContain(script)
    expect(before).toBeGreaterThan(0)
  })
})
