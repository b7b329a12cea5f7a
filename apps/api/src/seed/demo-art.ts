import type { ProductArt, TierArt } from './demo-catalog.js'

/**
 * Deterministic SVG mock-ups of the demo products, tier badges and size guides, drawn from the
 * catalog: the product's kind decides the shape, its colour the fill, and the name is set below.
 * Served by media.routes.ts so the demo shop has images without any outside host.
 */

import { canvas, emblem, escapeXml, font, hash, paletteFor } from './demo-art-palette.js'
import { shapes } from './demo-art-shapes.js'

export { renderSizeGuideSvg, sizeGuides } from './demo-size-guides.js'

function sparkles(seed: string, colour: string): string {
  const h = hash(seed)
  const spots = [
    [150, 240],
    [1030, 210],
    [120, 720],
    [1080, 640],
    [230, 470],
    [980, 900],
  ]
  return spots
    .map(([x, y], i) => {
      const s = 10 + ((h >> (i * 3)) & 7) * 2
      const dx = ((h >> (i * 2)) & 31) - 16
      return `<rect x="${x! + dx}" y="${y}" width="${s}" height="${s}" fill="${colour}" opacity=".55"/>`
    })
    .join('')
}

/** A product image: image `n` (1-based) of the product, `width` pixels wide (square). */
export function renderProductSvg(art: ProductArt, n: number, width: number): string | undefined {
  const colour = art.colours[n - 1]
  if (!colour) return undefined
  const p = paletteFor(colour, art.brand)
  const mark = (cx: number, cy: number, px: number, fill?: string) =>
    px > 0 ? emblem(art.brand, cx, cy, px, fill ?? p.ink) : ''
  const nameSize = Math.min(60, Math.floor(1040 / (art.name.length * 0.58)))
  const subtitle = art.colours.length > 1 || art.kind === 'digital' || art.kind === 'pattern' ? colour.name : ''
  const body = [
    `<circle cx="600" cy="545" r="410" fill="${p.glow}" opacity=".6"/>`,
    sparkles(art.name, p.light),
    `<ellipse cx="600" cy="935" rx="320" ry="30" fill="#000000" opacity=".08"/>`,
    `<g>${shapes[art.kind](p, mark)}</g>`,
    `<text x="80" y="110" font-family="${font}" font-size="30" font-weight="700" letter-spacing="7" fill="${p.stroke}" opacity=".75">${escapeXml(art.shopName.toUpperCase())}</text>`,
    `<text x="600" y="1050" text-anchor="middle" font-family="${font}" font-size="${nameSize}" font-weight="800" fill="#2B2B2B">${escapeXml(art.name)}</text>`,
    subtitle
      ? `<text x="600" y="1110" text-anchor="middle" font-family="${font}" font-size="34" fill="#5A5A5A">${escapeXml(subtitle)}</text>`
      : '',
  ].join('')
  return canvas(width, `${art.name}${subtitle ? ` — ${subtitle}` : ''}`, body, p)
}

/** A membership tier badge. */
export function renderTierSvg(art: TierArt, width: number): string {
  const p = paletteFor(art.colour, art.brand)
  const count = Math.max(1, Math.min(3, art.level))
  const px = [0, 30, 24, 20][count]!
  const spacing = [0, 0, 230, 210][count]!
  const marks = Array.from({ length: count }, (_, i) =>
    emblem(art.brand, 600 + (i - (count - 1) / 2) * spacing, 520, px, '#F6F1E3'),
  ).join('')
  const body = [
    `<circle cx="600" cy="560" r="430" fill="${p.dark}"/>`,
    `<circle cx="600" cy="560" r="395" fill="${p.base}" stroke="${p.light}" stroke-width="14" stroke-dasharray="4 22" stroke-linecap="round"/>`,
    marks,
    `<path d="M250 800 H950 L900 870 L950 940 H250 L300 870 Z" fill="${p.darker}"/>`,
    `<text x="600" y="892" text-anchor="middle" font-family="${font}" font-size="66" font-weight="800" fill="#F6F1E3">${escapeXml(art.name)}</text>`,
    `<text x="600" y="120" text-anchor="middle" font-family="${font}" font-size="34" font-weight="700" letter-spacing="7" fill="${p.stroke}">${escapeXml(art.shopName.toUpperCase())}</text>`,
    `<text x="600" y="1080" text-anchor="middle" font-family="${font}" font-size="36" fill="#5A5A5A">Membership tier ${art.level}</text>`,
  ].join('')
  return canvas(width, `${art.name} membership tier`, body, p)
}
