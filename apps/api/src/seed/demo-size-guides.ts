import { canvas, escapeXml, font, paletteFor, size } from './demo-art-palette.js'
import type { ProductKind } from './demo-catalog.js'

/** The size guides of the kinds that have one, drawn as an SVG table. */

interface SizeTable {
  title: string
  columns: string[]
  rows: string[][]
  note: string
}

/** Garment measurements of the kinds that have a size guide (centimetres). */
export const sizeGuides: Partial<Record<ProductKind, SizeTable>> = {
  tee: {
    title: 'T-shirt size guide',
    columns: ['Size', 'Chest width', 'Body length', 'Sleeve'],
    rows: [
      ['XS', '46', '68', '19'],
      ['S', '49', '70', '20'],
      ['M', '52', '72', '21'],
      ['L', '55', '74', '22'],
      ['XL', '58', '76', '23'],
      ['2XL', '61', '78', '24'],
      ['3XL', '64', '80', '25'],
    ],
    note: 'Measured flat, in centimetres. True to size.',
  },
  longsleeve: {
    title: 'Long-sleeve size guide',
    columns: ['Size', 'Chest width', 'Body length', 'Sleeve'],
    rows: [
      ['S', '49', '71', '61'],
      ['M', '52', '73', '62'],
      ['L', '55', '75', '63'],
      ['XL', '58', '77', '64'],
    ],
    note: 'Measured flat, in centimetres. True to size.',
  },
  hoodie: {
    title: 'Hoodie size guide',
    columns: ['Size', 'Chest width', 'Body length', 'Sleeve'],
    rows: [
      ['S', '53', '68', '61'],
      ['M', '56', '70', '62'],
      ['L', '59', '72', '63'],
      ['XL', '62', '74', '64'],
      ['2XL', '65', '76', '65'],
    ],
    note: 'Measured flat, in centimetres. Relaxed fit.',
  },
  sweater: {
    title: 'Sweater size guide',
    columns: ['Size', 'Chest width', 'Body length', 'Sleeve'],
    rows: [
      ['S', '52', '66', '60'],
      ['M', '55', '68', '61'],
      ['L', '58', '70', '62'],
      ['XL', '61', '72', '63'],
      ['2XL', '64', '74', '64'],
    ],
    note: 'Measured flat, in centimetres. Roomy fit.',
  },
  socks: {
    title: 'Sock size guide',
    columns: ['Size', 'EU shoe', 'US shoe', 'UK shoe'],
    rows: [
      ['S/M', '36–40', '5–8.5', '3.5–6.5'],
      ['L/XL', '41–46', '9–12', '7–11'],
    ],
    note: 'Between sizes? Take the larger one.',
  },
  mittens: {
    title: 'Mitten size guide',
    columns: ['Size', 'Hand circumference', 'Hand length'],
    rows: [
      ['S/M', '18–20', '17–18.5'],
      ['L/XL', '21–23', '19–20.5'],
    ],
    note: 'Measured around the knuckles, in centimetres.',
  },
}

/** A size guide as an SVG table. */
export function renderSizeGuideSvg(kind: ProductKind, width: number): string | undefined {
  const table = Object.hasOwn(sizeGuides, kind) ? sizeGuides[kind] : undefined
  if (!table) return undefined
  const p = paletteFor({ name: 'Paper', swatch: '#D8C8A8', code: 'PAP' }, 'pines')
  const left = 120
  const firstColumn = 200
  const colWidth = (size - 2 * left - firstColumn) / (table.columns.length - 1)
  const columnX = (c: number) => left + 24 + (c === 0 ? 0 : firstColumn + (c - 1) * colWidth)
  const top = 330
  const rowHeight = Math.min(90, 560 / table.rows.length)
  const cells: string[] = []
  for (const [c, heading] of table.columns.entries()) {
    cells.push(
      `<text x="${columnX(c)}" y="${top - 30}" font-family="${font}" font-size="30" font-weight="800" fill="#2B2B2B">${escapeXml(heading)}</text>`,
    )
  }
  for (const [r, row] of table.rows.entries()) {
    const y = top + r * rowHeight
    if (r % 2 === 0) {
      cells.push(`<rect x="${left}" y="${y}" width="${size - 2 * left}" height="${rowHeight}" rx="12" fill="#F3ECDD"/>`)
    }
    for (const [c, value] of row.entries()) {
      cells.push(
        `<text x="${columnX(c)}" y="${y + rowHeight / 2 + 12}" font-family="${font}" font-size="34" font-weight="${c === 0 ? 800 : 400}" fill="#3A3A3A">${escapeXml(value)}</text>`,
      )
    }
  }
  const body = [
    `<rect x="70" y="70" width="1060" height="1060" rx="40" fill="#FFFFFF" stroke="#E3DACB" stroke-width="6"/>`,
    `<text x="${left}" y="200" font-family="${font}" font-size="64" font-weight="800" fill="#2B2B2B">${escapeXml(table.title)}</text>`,
    ...cells,
    `<text x="${left}" y="1060" font-family="${font}" font-size="32" fill="#6A6A6A">${escapeXml(table.note)}</text>`,
  ].join('')
  return canvas(width, table.title, body, p)
}
