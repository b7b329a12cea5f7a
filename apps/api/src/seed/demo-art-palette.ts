import type { Colour, ProductArt } from './demo-catalog.js'

/** What every demo drawing shares: the canvas, the fonts, colour arithmetic, the brand emblems. */

export const size = 1200
export const font = `ui-rounded, 'SF Pro Rounded', 'Trebuchet MS', 'Segoe UI', system-ui, sans-serif`

// ---------------------------------------------------------------- colour helpers

type Rgb = [number, number, number]

function toRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.replace('#', ''), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

/** Mixes `a` towards `b` by t (0 → a, 1 → b). */
function mix(a: string, b: string, t: number): string {
  const x = toRgb(a)
  const y = toRgb(b)
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t])
}

function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }) as Rgb
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export interface Palette {
  base: string
  dark: string
  darker: string
  light: string
  stroke: string
  /** Emblem colour: readable on the base colour. */
  ink: string
  bgTop: string
  bgBottom: string
  glow: string
}

export function paletteFor(colour: Colour, brand: ProductArt['brand']): Palette {
  const base = colour.swatch
  const isLight = luminance(base) > 0.45
  return {
    base,
    dark: mix(base, '#000000', isLight ? 0.18 : 0.3),
    darker: mix(base, '#000000', isLight ? 0.35 : 0.5),
    light: mix(base, '#FFFFFF', 0.35),
    stroke: mix(base, '#000000', isLight ? 0.28 : 0.45),
    ink: isLight ? (brand === 'pines' ? '#1F3D2B' : '#1E2A44') : '#F6F1E3',
    bgTop: mix(base, '#FBF8F2', 0.9),
    bgBottom: mix(base, '#EFE8DA', 0.78),
    glow: mix(base, '#FFFFFF', 0.72),
  }
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** A small string hash for placing decorations deterministically. */
export function hash(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return h >>> 0
}

// ---------------------------------------------------------------- pixel emblems

export const pixelTree = ['...#...', '..###..', '.#####.', '..###..', '.#####.', '#######', '...#...', '...#...']
const pixelHeart = ['.##.##.', '#######', '#######', '.#####.', '..###..', '...#...']

/** Pixel art as one rect per horizontal run, centred on (cx, cy). */
export function pixels(rows: string[], cx: number, cy: number, px: number, fill: string): string {
  const width = rows[0]!.length * px
  const x0 = cx - width / 2
  const y0 = cy - (rows.length * px) / 2
  const rects: string[] = []
  for (const [y, row] of rows.entries()) {
    let x = 0
    while (x < row.length) {
      if (row[x] !== '#') {
        x++
        continue
      }
      let end = x
      while (row[end] === '#') end++
      rects.push(`<rect x="${x0 + x * px}" y="${y0 + y * px}" width="${(end - x) * px}" height="${px}"/>`)
      x = end
    }
  }
  return `<g fill="${fill}">${rects.join('')}</g>`
}

export function emblem(brand: ProductArt['brand'], cx: number, cy: number, px: number, fill: string): string {
  return pixels(brand === 'pines' ? pixelTree : pixelHeart, cx, cy, px, fill)
}

export function canvas(width: number, title: string, body: string, p: Palette): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${width}" viewBox="0 0 ${size} ${size}" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.bgTop}"/><stop offset="1" stop-color="${p.bgBottom}"/></linearGradient></defs>`,
    `<rect width="${size}" height="${size}" fill="url(#bg)"/>`,
    body,
    '</svg>',
  ].join('')
}
