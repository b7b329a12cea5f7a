/**
 * A shop's accent colour on the hosted checkout (decision 0037). The colour fills the primary
 * buttons and colours links, so it must read at 4.5:1 (WCAG AA for text) against the page: in the
 * light scheme against white (button text is white), in the dark scheme against the dark card
 * (button text is near-black). Where the merchant's colour falls short in a scheme, that scheme
 * uses the nearest shade of it that does — darker on light, lighter on dark — so the brand shows
 * and the checkout stays readable.
 */

import { darkColors, lightColors } from '@fanshelf/ui'

type Rgb = readonly [number, number, number]

const white: Rgb = [255, 255, 255]
const black: Rgb = [0, 0, 0]
const minContrast = 4.5

function rgbOf(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

/** The design system's surfaces (@fanshelf/ui tokens): the cards the accent meets, light and dark. */
const lightCard: Rgb = rgbOf(lightColors.surface)
const darkCard: Rgb = rgbOf(darkColors.surface)

function hexOf(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`
}

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(rgbOf(a)), luminance(rgbOf(b))].sort((p, q) => q - p) as [number, number]
  return (x + 0.05) / (y + 0.05)
}

function mix(from: Rgb, to: Rgb, t: number): Rgb {
  return [0, 1, 2].map((i) => (from[i] as number) + ((to[i] as number) - (from[i] as number)) * t) as unknown as Rgb
}

/** The colour, or the first shade of it towards `towards` (5% steps) that reads on `background`. */
export function readableShade(color: string, background: Rgb, towards: Rgb): string {
  const rgb = rgbOf(color)
  const target = hexOf(background)
  for (let step = 0; step <= 20; step++) {
    const shade = hexOf(mix(rgb, towards, step / 20))
    if (contrastRatio(shade, target) >= minContrast) return shade
  }
  return hexOf(towards)
}

/**
 * The stylesheet that sets the checkout's accent custom properties for a shop's `#rrggbb` colour
 * (after styles.ts, so it wins); its hash joins the page's Content-Security-Policy.
 */
export function accentStylesheet(accentColor: string): string {
  const color = accentColor.toLowerCase()
  const light = readableShade(color, lightCard, black)
  const dark = readableShade(color, darkCard, white)
  return (
    `:root { --accent: ${light}; --accent-fg: #fff; }\n` +
    `@media (prefers-color-scheme: dark) { :root { --accent: ${dark}; --accent-fg: #0a0f1f; } }\n`
  )
}
