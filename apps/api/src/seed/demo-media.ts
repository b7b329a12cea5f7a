import { renderSizeGuideSvg, renderTierSvg } from './demo-art.js'
import { findTierArt, type ProductKind } from './demo-catalog.js'
import type { DemoMedia, Image } from './demo-model.js'
import type { Prng } from './prng.js'

/** The side of every drawn image, in pixels (they are square). */
export const drawnSide = 1200

/**
 * The shop's drawn images (products, tier badges, size guides): each drawing gets an id from the
 * shop's `media` stream and a URL in its media library (decision 0036); the seed uploads `media`.
 */
export function createDrawings(base: Prng, publicUrl: string) {
  const media: DemoMedia[] = []
  const mediaPrng = base.fork('media')
  const fileUrl = (id: string) => `${publicUrl}/media/files/${id}.svg`
  // A drawing scales to any width: its `transformedUrl` is the same file.
  const drawnImage = (id: string): Image => ({
    id,
    url: fileUrl(id),
    width: drawnSide,
    height: drawnSide,
    transformedUrl: fileUrl(id),
  })
  const sizeGuideIds = new Map<ProductKind, string>()
  const sizeGuideUrl = (kind: ProductKind): string => {
    let id = sizeGuideIds.get(kind)
    if (!id) {
      id = mediaPrng.uuid()
      sizeGuideIds.set(kind, id)
      media.push({ id, name: `size-guide-${kind}.svg`, svg: renderSizeGuideSvg(kind, drawnSide)! })
    }
    return fileUrl(id)
  }
  const tierImageUrl = (slug: string): string => {
    const id = mediaPrng.uuid()
    media.push({ id, name: `tier-${slug}.svg`, svg: renderTierSvg(findTierArt(slug)!, drawnSide) })
    return fileUrl(id)
  }
  return { media, drawnImage, sizeGuideUrl, tierImageUrl }
}

export type Drawings = ReturnType<typeof createDrawings>
