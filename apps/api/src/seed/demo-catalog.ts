/**
 * The static part of the demo data: the two shops, their products, collections, membership tiers
 * and promotions, written by hand so the demo reads like a real creator's shop. Random parts
 * (stock counts, dates, orders, supporters…) come from the seeded generator in demo-data.ts.
 *
 * Split by file: the shapes and fixed tables in demo-catalog-types.ts, each shop's data in its own
 * file (demo-shop-pixel-pines.ts, demo-shop-knits.ts). `findProductArt`/`findTierArt` tell the
 * drawings (demo-art.ts) what to draw for a product or tier slug.
 */

import {
  type Colour,
  type ColourKey,
  type ProductKind,
  type ProductSpec,
  palette,
  type ShopSpec,
} from './demo-catalog-types.js'
import { secondShopSpec } from './demo-shop-knits.js'
import { demoShopSpec } from './demo-shop-pixel-pines.js'

export * from './demo-catalog-types.js'
export { demoShopSpec, secondShopSpec }

/** Every seeded shop, the demo shop first. */
export const shopSpecs: readonly ShopSpec[] = [demoShopSpec, secondShopSpec]

export interface ProductArt {
  name: string
  kind: ProductKind
  /** The colour of each image (image n uses colours[n - 1]). */
  colours: Colour[]
  brand: ShopSpec['brand']
  shopName: string
}

export interface TierArt {
  name: string
  colour: Colour
  level: number
  brand: ShopSpec['brand']
  shopName: string
}

/** The colours of a product's images: one per colour variant, else its tint. */
export function imageColours(spec: ProductSpec): ColourKey[] {
  return spec.colours ?? [spec.tint ?? 'forest']
}

const productArt = new Map<string, ProductArt>()
const tierArt = new Map<string, TierArt>()
for (const shop of shopSpecs) {
  for (const product of shop.products) {
    productArt.set(product.slug, {
      name: product.name,
      kind: product.kind,
      colours: imageColours(product).map((key) => palette[key]),
      brand: shop.brand,
      shopName: shop.name,
    })
  }
  for (const tier of shop.tiers) {
    tierArt.set(tier.slug, {
      name: tier.name,
      colour: palette[tier.colour],
      level: tier.level,
      brand: shop.brand,
      shopName: shop.name,
    })
  }
}

/** What the media module needs to draw a product's images, by product slug. */
export function findProductArt(slug: string): ProductArt | undefined {
  return productArt.get(slug)
}

/** What the media module needs to draw a tier badge, by tier slug. */
export function findTierArt(slug: string): TierArt | undefined {
  return tierArt.get(slug)
}
