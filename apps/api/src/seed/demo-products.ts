import { createHash } from 'node:crypto'
import type {
  CollectionProductsTable,
  CollectionsTable,
  DigitalFilesTable,
  MembershipTiersTable,
  MembershipTierVariantsTable,
  ProductsTable,
  VariantsTable,
} from '../db/schema.js'
import { renderProductSvg } from './demo-art.js'
import { type ColourKey, findProductArt, imageColours, kindTraits, type ProductKind, palette } from './demo-catalog.js'
import { apparelInfo, sizeGuideCopy } from './demo-copy.js'
import { demoFilesFor } from './demo-files.js'
import { type Drawings, drawnSide } from './demo-media.js'
import type { BuiltProduct, BuiltVariant, DemoFileContent, Image, ShopContext } from './demo-model.js'
import { DAY, HOUR, iso, json, seedAnchorMs } from './demo-time.js'

/** The shop's catalogue rows: products and variants, digital files, collections, membership tiers. */

/** Products and their variants, drawn images and all (`rows.products`, `rows.variants`). */
export function buildProducts(ctx: ShopContext, drawings: Drawings) {
  const { spec, shopId, currency, rows, base } = ctx
  const { media, drawnImage, sizeGuideUrl } = drawings
  const productPrng = base.fork('products')
  const skus = new Set<string>()
  const products: BuiltProduct[] = spec.products.map((p) => {
    const traits = kindTraits[p.kind]
    const id = productPrng.uuid()
    const ageDays = p.isNew
      ? productPrng.float(3, 26)
      : p.access === 'ARCHIVED'
        ? productPrng.float(260, 380)
        : productPrng.float(70, 360)
    const createdMs = Math.round(seedAnchorMs - ageDays * DAY)
    const updatedMs =
      p.access === 'ARCHIVED'
        ? Math.round(seedAnchorMs - productPrng.float(15, 60) * DAY)
        : Math.round(createdMs + productPrng.float(0, Math.min(ageDays * 0.9, 45)) * DAY)
    const colourKeys = imageColours(p)
    const art = findProductArt(p.slug)!
    const images: Image[] = colourKeys.map((_, n) => {
      const id = productPrng.uuid()
      media.push({ id, name: `${p.slug}-${n + 1}.svg`, svg: renderProductSvg(art, n + 1, drawnSide)! })
      return drawnImage(id)
    })
    const sizes = p.sizes ?? [undefined]
    const colours: (ColourKey | undefined)[] = p.colours ?? [undefined]
    const variants: BuiltVariant[] = []
    for (const [ci, colourKey] of colours.entries()) {
      for (const [si, size] of sizes.entries()) {
        const colour = colourKey ? palette[colourKey] : undefined
        const basePrice = Array.isArray(p.price) ? p.price[si]! : p.price
        const upcharge = size === '2XL' ? 200 : size === '3XL' ? 400 : 0
        const unitPrice = basePrice + upcharge
        const sizeCode = size ? size.toUpperCase().replace(/[^A-Z0-9]/g, '') : ''
        const sku = [spec.skuPrefix, p.code, colour?.code, sizeCode || undefined].filter(Boolean).join('-')
        if (skus.has(sku)) throw new Error(`Duplicate demo SKU ${sku}`)
        skus.add(sku)
        const name = [colour?.name, size].filter(Boolean).join(' / ') || 'Standard'
        const description =
          colour && size
            ? `${colour.name}, ${/^[A-Z0-9/]+$/.test(size) ? `size ${size}` : size}`
            : colour
              ? colour.name
              : (size ?? 'Standard')
        const attributes = {
          description,
          color: colour ? { name: colour.name, swatch: colour.swatch } : null,
          size: size ? { name: size } : null,
        }
        const weight = { value: traits.weightKg, unit: 'KG' }
        const [length, width, height] = traits.dimensionsCm
        const dimensions = { length, width, height, unit: 'CM' }
        const variantImages = colourKey ? [images[ci]!] : images
        let inStock: number | null = null
        if (p.stock === 'SOLD_OUT') inStock = 0
        else if (p.stock === 'LIMITED') {
          inStock = productPrng.weighted<number>([
            [0, 1],
            [productPrng.int(1, 9), 3],
            [productPrng.int(10, 160), 8],
          ])
        }
        const row: VariantsTable = {
          id: productPrng.uuid(),
          product_id: id,
          shop_id: shopId,
          position: variants.length,
          name,
          sku,
          currency,
          unit_price: unitPrice,
          compare_at_price: p.onSale ? unitPrice + Math.round((unitPrice * 0.2) / 100) * 100 : null,
          unit_cost: traits.digital ? null : Math.round(unitPrice * traits.costShare),
          // What the creator declares it costs them: a little above the platform's cost, to the ten cents.
          creator_declared_cost: traits.digital ? null : Math.round((unitPrice * (traits.costShare + 0.04)) / 10) * 10,
          attributes: json(attributes),
          stock_type: p.stock === 'UNLIMITED' ? 'UNLIMITED' : 'LIMITED',
          in_stock: inStock,
          weight: json(weight),
          dimensions: json(dimensions),
          images: json(variantImages),
          thumbnail_image: variantImages[0] ? json(variantImages[0]) : null,
          created_at: iso(createdMs),
          updated_at: iso(updatedMs),
        }
        variants.push({ row, attributes, weight, dimensions, primaryImage: variantImages[0] ?? null })
      }
    }
    // A limited product that is not sold out keeps at least one variant in stock.
    if (p.stock === 'LIMITED' && variants.every((v) => v.row.in_stock === 0)) {
      variants[0]!.row.in_stock = productPrng.int(5, 40)
    }
    const guide = sizeGuideCopy[p.kind]
    const row: ProductsTable = {
      id,
      shop_id: shopId,
      name: p.name,
      slug: p.slug,
      description: p.description,
      type: 'STANDARD',
      state: p.stock === 'SOLD_OUT' ? 'SOLD_OUT' : 'AVAILABLE',
      access: p.access ?? 'PUBLIC',
      search_text: [p.name, p.slug, ...variants.map((v) => v.row.sku)].join('\n').toLowerCase(),
      images: json(images),
      thumbnail_image: images[0] ? json(images[0]) : null,
      additional_information: traits.apparel
        ? json({
            sizeAndFit: apparelInfo.sizeAndFit,
            guaranteeAndReturns: apparelInfo.guaranteeAndReturns,
            moreDetails: `${traits.label}. ${p.description}`,
          })
        : null,
      size_guide: guide
        ? json({
            previewUrl: sizeGuideUrl(p.kind),
            fileUrl: sizeGuideUrl(p.kind),
            description: guide.description,
            fitGuideDescription: guide.fit,
            fitGuideUrls: [],
          })
        : null,
      created_at: iso(createdMs),
      updated_at: iso(updatedMs),
    }
    return {
      spec: p,
      row,
      variants,
      images,
      createdMs,
      sellableUntilMs: p.access === 'ARCHIVED' ? updatedMs : Number.POSITIVE_INFINITY,
      digital: traits.digital,
    }
  })
  const productByCode = new Map(products.map((p) => [p.spec.code, p]))
  const product = (code: string) => {
    const found = productByCode.get(code)
    if (!found) throw new Error(`Unknown product code ${code} in ${spec.key}`)
    return found
  }
  rows.products = products.map((p) => p.row)
  rows.variants = products.flatMap((p) => p.variants.map((v) => v.row))
  return { products, product }
}

/** A product's line in the order catalogue: who may buy it, when (`sellableAt`) and how often. */
export function sellableAt(products: BuiltProduct[], ms: number, kinds?: Set<ProductKind>) {
  return products.filter(
    (p) =>
      p.row.access !== 'HIDDEN' &&
      p.createdMs < ms - HOUR &&
      ms < p.sellableUntilMs &&
      (!kinds || kinds.has(p.spec.kind)),
  )
}
export const popularity = (p: BuiltProduct) => p.spec.popularity ?? 3

/**
 * The digital products' files: made in code (demo-files.ts), stored in the media storage
 * (decision 0036), served to buyers only (decision 0024).
 */
export function buildDigitalFiles(ctx: ShopContext, products: BuiltProduct[]): DemoFileContent[] {
  const { spec, shopId, rows, base, publicUrl } = ctx
  const fileContents: DemoFileContent[] = []
  const filePrng = base.fork('digital-files')
  for (const p of products.filter((product) => product.digital)) {
    const colours = imageColours(p.spec).map((key) => palette[key])
    const made = demoFilesFor(p.spec, spec.name, colours, palette)
    const files = made.map(
      (file, position): DigitalFilesTable => ({
        id: filePrng.id('digitalFile'),
        shop_id: shopId,
        product_id: p.row.id,
        position,
        name: file.name,
        media_type: file.mediaType,
        size_bytes: file.content.length,
        sha256: createHash('sha256').update(file.content).digest('hex'),
        // The bytes go to the media storage (decision 0036): the seed stores `fileContents`.
        content_base64: '',
        storage: 'DATABASE',
        created_at: p.row.created_at,
      }),
    )
    for (const [i, file] of made.entries()) {
      fileContents.push({ id: files[i]!.id, mediaType: file.mediaType, content: file.content })
    }
    rows.digital_files.push(...files)
    p.row.digital_files = json(
      files.map((file) => ({
        id: file.id,
        name: file.name,
        mediaType: file.media_type,
        sizeBytes: file.size_bytes,
        uri: `${publicUrl}/downloads/files/${file.id}`,
      })),
    )
  }
  return fileContents
}

export function buildCollections(ctx: ShopContext, products: BuiltProduct[]) {
  const { spec, shopId, rows, base, shopCreatedMs } = ctx
  const collectionPrng = base.fork('collections')
  for (const [position, c] of spec.collections.entries()) {
    const id = collectionPrng.id('collection')
    const row: CollectionsTable = {
      id,
      shop_id: shopId,
      name: c.name,
      slug: c.slug,
      description: c.description,
      position,
      created_at: iso(shopCreatedMs + (position + 1) * DAY + collectionPrng.int(0, DAY)),
    }
    rows.collections.push(row)
    // Archived products leave their collections; a hidden one stays (the storefront must skip it).
    const members = products
      .filter((p) => p.row.access !== 'ARCHIVED' && (c.newOnly ? p.spec.isNew : c.kinds?.includes(p.spec.kind)))
      .sort((a, b) => b.createdMs - a.createdMs)
    rows.collection_products.push(
      ...members.map((p, i): CollectionProductsTable => ({ collection_id: id, product_id: p.row.id, position: i })),
    )
  }
}

/** Membership tiers and their monthly and annual variants; `tierId(key)` finds a tier's id. */
export function buildTiers(ctx: ShopContext, drawings: Drawings) {
  const { spec, shopId, currency, rows, base, shopCreatedMs } = ctx
  const { tierImageUrl } = drawings
  const tierPrng = base.fork('tiers')
  // A separate stream, so the tiers' other ids stay what they were before offers existed.
  const tierOfferPrng = base.fork('tier-offers')
  const tierIds = new Map<string, string>()
  const tierVariants: MembershipTierVariantsTable[] = []
  for (const [position, t] of spec.tiers.entries()) {
    const id = tierPrng.id('tier')
    tierIds.set(t.key, id)
    const row: MembershipTiersTable = {
      id,
      shop_id: shopId,
      name: t.name,
      image_url: tierImageUrl(t.slug),
      position,
      created_at: iso(shopCreatedMs + 3 * DAY + position * HOUR),
    }
    rows.membership_tiers.push(row)
    for (const [interval, amount] of [
      ['MONTHLY', t.monthly],
      ['ANNUAL', t.annual],
    ] as const) {
      tierVariants.push({
        id: tierPrng.id('tierVariant'),
        tier_id: id,
        shop_id: shopId,
        interval,
        currency,
        amount,
        offer_id: tierOfferPrng.uuid(),
      })
    }
  }
  rows.membership_tier_variants = tierVariants
  const tierId = (key: string) => {
    const id = tierIds.get(key)
    if (!id) throw new Error(`Unknown tier ${key} in ${spec.key}`)
    return id
  }
  return { tierVariants, tierId }
}
