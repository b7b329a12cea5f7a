import { describe, expect, it } from 'vitest'
import { acceptImage } from '../modules/media/image-intake.js'
import { renderProductSvg, renderSizeGuideSvg, renderTierSvg, sizeGuides } from './demo-art.js'
import { findProductArt, findTierArt, type ProductKind, shopSpecs } from './demo-catalog.js'
import { buildDemoData } from './demo-data.js'

/**
 * The demo shops' drawings (product images, tier badges, size guides): what they show, and that
 * every one passes the checks an admin's upload passes, since the seed uploads them the same way.
 */

describe('demo drawings', () => {
  it('draws each colour variant of a product in its own colour, with the product’s name', () => {
    const art = findProductArt('night-forest-hoodie')!
    const first = renderProductSvg(art, 1, 1200)!
    const second = renderProductSvg(art, 2, 1200)!
    expect(first).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1200" height="1200"/)
    expect(first).toContain('Night Forest Hoodie')
    expect(first).toContain('#1F3D2B') // Pine, the first colour variant
    expect(second).toContain('#1A1A1A') // Black
    expect(second).not.toBe(first)
    expect(renderProductSvg(art, 1, 1200)).toBe(first)
    expect(renderProductSvg(art, art.colours.length + 1, 1200)).toBeUndefined()
  })

  it('escapes names as XML', () => {
    const art = { ...findProductArt('night-forest-hoodie')!, name: 'Tee <b>&</b> "quotes"' }
    const svg = renderProductSvg(art, 1, 1200)!
    expect(svg).not.toContain('<b>')
    expect(svg).toContain('&#60;b&#62;&#38;&#60;/b&#62;')
  })

  it('draws tier badges and size guides only for kinds that have one', () => {
    const tier = shopSpecs[0]!.tiers[0]!
    expect(renderTierSvg(findTierArt(tier.slug)!, 1200)).toContain(tier.name)
    const kinds = Object.keys(sizeGuides) as ProductKind[]
    expect(kinds.length).toBeGreaterThan(0)
    for (const kind of kinds) expect(renderSizeGuideSvg(kind, 1200)).toContain(sizeGuides[kind]!.title)
    expect(renderSizeGuideSvg('mug' as ProductKind, 1200)).toBeUndefined()
  })

  it('gives the seed a drawing for every image its rows name, each one an upload we accept', async () => {
    for (const shop of buildDemoData({ publicUrl: 'http://127.0.0.1:4000' })) {
      const drawn = new Map(shop.media.map((file) => [file.id, file]))
      expect(drawn.size).toBe(shop.media.length)
      const named = [
        ...shop.rows.products.flatMap((p) => (JSON.parse(p.images) as { id: string }[]).map((i) => i.id)),
        ...shop.rows.membership_tiers.map((t) => /([0-9a-f-]{36})\.svg$/.exec(t.image_url!)![1]!),
      ]
      for (const id of named) expect(drawn.has(id), id).toBe(true)
      for (const file of shop.media) {
        const accepted = await acceptImage(Buffer.from(file.svg))
        expect(accepted, file.name).toMatchObject({ mediaType: 'image/svg+xml', width: 1200, height: 1200 })
      }
    }
  })
})
