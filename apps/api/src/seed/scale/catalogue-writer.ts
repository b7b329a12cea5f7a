import type { ProductsTable } from '../../db/schema.js'
import type { Prng } from '../prng.js'
import type { BulkLoader } from './bulk-insert.js'
import { nameAdjectives, nameMotifs, type ScaleKind, scaleColours, scaleKinds } from './scale-catalog.js'
import { catalogueMs, DAY, HOUR, iso, json, slugify } from './scale-units.js'

/** The large shop's catalogue: products with variants, images and stock, and its collections. */

export interface CatalogueEntry {
  id: string
  name: string
  slug: string
  description: string
  createdMs: number
  updatedMs: number
  access: ProductsTable['access']
  primaryImage: unknown
  variants: {
    id: string
    name: string
    sku: string
    unitPrice: number
    unitCost: number | null
    compareAtPrice: number | null
    snapshot: string
    primaryImage: unknown
  }[]
  digital: boolean
}

function pickKind(prng: Prng): ScaleKind {
  return prng.weighted(scaleKinds.map((kind) => [kind, kind.share] as const))
}

export async function writeCatalogue(
  loader: BulkLoader,
  prng: Prng,
  ctx: { shopId: string; currency: string; products: number; anchorMs: number; publicUrl: string },
): Promise<CatalogueEntry[]> {
  const { shopId, currency } = ctx
  const entries: CatalogueEntry[] = []
  const start = ctx.anchorMs - catalogueMs
  const step = (catalogueMs - DAY) / Math.max(1, ctx.products)
  for (let i = 0; i < ctx.products; i++) {
    const kind = pickKind(prng)
    const adjective = prng.pick(nameAdjectives)
    const motif = prng.pick(nameMotifs)
    const name = `${adjective} ${motif} ${kind.label}`
    const slug = `${slugify(name)}-${i + 1}`
    const createdMs = Math.round(start + (i + prng.next()) * step)
    const age = ctx.anchorMs - createdMs
    const updatedMs = Math.round(createdMs + prng.float(0, Math.min(age * 0.9, 60 * DAY)))
    const access = prng.weighted<ProductsTable['access']>([
      ['PUBLIC', 86],
      ['HIDDEN', 8],
      ['ARCHIVED', 6],
    ])
    const soldOut = !kind.digital && prng.chance(0.07)
    const colourCount = kind.colours[1] === 0 ? 0 : prng.int(kind.colours[0], kind.colours[1])
    const colours = prng.sample(scaleColours, colourCount)
    const imageCount = Math.max(1, colours.length)
    const images = Array.from({ length: imageCount }, (_, n) => {
      const url = `${ctx.publicUrl}/media/products/scale/${slug}-${n + 1}.svg`
      return { id: prng.uuid(), url, width: 1200, height: 1200, transformedUrl: `${url}?w=600` }
    })
    const basePrice = Math.round(prng.int(kind.price[0], kind.price[1]) / 100) * 100 - 1
    const onSale = prng.chance(0.12)
    const unlimited = kind.digital || (!soldOut && prng.chance(0.4))
    const description = `<p>${adjective} ${motif} ${kind.label.toLowerCase()} from the Mega Merch catalogue.</p><p>${
      kind.digital ? 'Instant download after checkout.' : 'Printed to order and shipped from Portland, OR.'
    }</p>`
    const productId = prng.uuid()
    const variants: CatalogueEntry['variants'] = []
    const sizes: readonly (string | null)[] = kind.sizes ?? [null]
    const colourList: readonly ((typeof scaleColours)[number] | null)[] = colours.length > 0 ? colours : [null]
    for (const [ci, colour] of colourList.entries()) {
      for (const [si, size] of sizes.entries()) {
        const unitPrice = basePrice + (size === '2XL' ? 200 : 0) + si * (kind.key === 'poster' ? 800 : 0)
        const variantName = [colour?.name, size].filter(Boolean).join(' / ') || 'Standard'
        const sku = ['MM', String(i + 1).padStart(5, '0'), colour?.code, size?.toUpperCase().replace(/[^A-Z0-9]/g, '')]
          .filter(Boolean)
          .join('-')
        const attributes = {
          description: variantName,
          color: colour ? { name: colour.name, swatch: colour.swatch } : null,
          size: size ? { name: size } : null,
        }
        const weight = { value: kind.weightKg, unit: 'KG' }
        const [length, width, height] = kind.dimensionsCm
        const dimensions = { length, width, height, unit: 'CM' }
        const variantImages = colour ? [images[ci]!] : images
        const inStock = unlimited
          ? null
          : soldOut
            ? 0
            : prng.weighted<number>([
                [0, 1],
                [prng.int(1, 9), 2],
                [prng.int(10, 300), 7],
              ])
        const id = prng.uuid()
        const compareAtPrice = onSale ? unitPrice + Math.round((unitPrice * 0.2) / 100) * 100 : null
        const unitCost = kind.digital ? null : Math.round(unitPrice * 0.45)
        loader.add('variants', {
          id,
          product_id: productId,
          shop_id: shopId,
          position: variants.length,
          name: variantName,
          sku,
          currency,
          unit_price: unitPrice,
          compare_at_price: compareAtPrice,
          unit_cost: unitCost,
          attributes: json(attributes),
          stock_type: unlimited ? 'UNLIMITED' : 'LIMITED',
          in_stock: inStock,
          weight: json(weight),
          dimensions: json(dimensions),
          images: json(variantImages),
          thumbnail_image: json(variantImages[0]),
          created_at: iso(createdMs),
          updated_at: iso(updatedMs),
        })
        variants.push({
          id,
          name: variantName,
          sku,
          unitPrice,
          unitCost,
          compareAtPrice,
          snapshot: json({ id, name: variantName, sku, attributes, weight, dimensions }),
          primaryImage: variantImages[0],
        })
      }
    }
    const product: ProductsTable = {
      id: productId,
      shop_id: shopId,
      name,
      slug,
      description,
      type: 'STANDARD',
      state: soldOut ? 'SOLD_OUT' : 'AVAILABLE',
      access,
      search_text: [name, slug, ...variants.map((v) => v.sku)].join('\n').toLowerCase(),
      images: json(images),
      thumbnail_image: json(images[0]),
      additional_information: kind.apparel
        ? json({
            sizeAndFit: 'True to size. Size up for a relaxed fit.',
            guaranteeAndReturns: 'Free returns within 30 days of delivery.',
            moreDetails: `${kind.label}. ${adjective} ${motif} print.`,
          })
        : null,
      size_guide: null,
      created_at: iso(createdMs),
      updated_at: iso(updatedMs),
    }
    // Tables are written in declaration order, so the product still precedes its variants.
    loader.add('products', product)
    entries.push({
      id: productId,
      name,
      slug,
      description,
      createdMs,
      updatedMs,
      access,
      primaryImage: images[0],
      variants,
      digital: kind.digital,
    })
    await loader.boundary()
  }
  return entries
}

/** Collections by kind of product plus a few merchandising ones, each in newest-first order. */
export async function writeCollections(
  loader: BulkLoader,
  prng: Prng,
  ctx: { shopId: string; createdMs: number },
  catalogue: CatalogueEntry[],
): Promise<void> {
  const listed = catalogue.filter((p) => p.access !== 'ARCHIVED').sort((a, b) => b.createdMs - a.createdMs)
  const byLabel = (label: string) => listed.filter((p) => p.name.endsWith(` ${label}`))
  const collections: { name: string; description: string; members: CatalogueEntry[] }[] = [
    ...scaleKinds.map((kind) => ({
      name: `${kind.label}s`,
      description: `Every ${kind.label.toLowerCase()} in the shop.`,
      members: byLabel(kind.label),
    })),
    { name: 'New arrivals', description: 'The latest drops.', members: listed.slice(0, 200) },
    {
      name: 'Staff picks',
      description: 'What the team wears and uses.',
      members: prng.sample(listed, Math.min(300, listed.length)),
    },
  ]
  for (const [position, c] of collections.entries()) {
    const id = prng.id('collection')
    loader.add('collections', {
      id,
      shop_id: ctx.shopId,
      name: c.name,
      slug: slugify(c.name),
      description: c.description,
      position,
      created_at: iso(ctx.createdMs + (position + 1) * HOUR),
    })
    for (const [i, member] of c.members.entries()) {
      loader.add('collection_products', { collection_id: id, product_id: member.id, position: i })
    }
    await loader.boundary()
  }
}
