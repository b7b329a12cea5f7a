import { createHash } from 'node:crypto'
import { imageColours, palette, shopSpecs } from '../../seed/demo-catalog.js'

/**
 * The local media library the product form picks images from: every image the media module
 * draws (`/media/products/<slug>-<n>.svg`), as contract `Image`s. No upload exists locally; these
 * are the images a product may show. Ids are derived from the path, so they are stable.
 */

export interface LibraryImage {
  id: string
  url: string
  width: number
  height: number
  transformedUrl: string
  /** What the picture shows (the product it was drawn for), for the picker's alt text. */
  name: string
}

function stableUuid(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

const libraryPaths = shopSpecs.flatMap((shop) =>
  shop.products.flatMap((product) =>
    imageColours(product).map((colour, n) => ({
      shopName: shop.name,
      path: `/media/products/${product.slug}-${n + 1}.svg`,
      name: imageColours(product).length > 1 ? `${product.name} (${palette[colour].name})` : product.name,
    })),
  ),
)

/** The images of the shop's library (the demo shops each have their own), optionally matching `search`. */
export function listLibraryImages(publicUrl: string, shopName: string, search?: string): LibraryImage[] {
  const term = search?.trim().toLowerCase()
  const own = libraryPaths.filter((image) => image.shopName === shopName)
  return (own.length > 0 ? own : libraryPaths)
    .filter((image) => !term || image.name.toLowerCase().includes(term))
    .map(({ path, name }) => {
      const url = `${publicUrl}${path}`
      return { id: stableUuid(path), url, width: 1200, height: 1200, transformedUrl: `${url}?w=600`, name }
    })
}
