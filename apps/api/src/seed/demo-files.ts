import { crc32, deflateRawSync, deflateSync } from 'node:zlib'
import type { ColourKey } from './demo-catalog.js'

/**
 * The files of the demo shops' digital products, made in code and deterministic (same bytes on
 * every run): PNG wallpapers, WAV alert sounds, PDF patterns and licences, ZIP packs of them. Small
 * on purpose (a few KB each): they are stored in the database (decision 0024).
 */

export interface DemoFile {
  name: string
  mediaType: string
  content: Buffer
}

type Rgb = readonly [number, number, number]

function hexRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.replace('#', ''), 16)
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]
}

// ---------------------------------------------------------------- PNG

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A `width`×`height` RGB PNG: a diagonal gradient between two colours with soft stripes. */
export function gradientPng(width: number, height: number, from: Rgb, to: Rgb, stripes: number): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1)
    raw[row] = 0
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2
      const band = Math.sin((x + y) * ((stripes * Math.PI) / (width + height))) * 12
      for (let c = 0; c < 3; c++) {
        const value = from[c]! + (to[c]! - from[c]!) * t + band
        raw[row + 1 + x * 3 + c] = Math.max(0, Math.min(255, Math.round(value)))
      }
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

// ---------------------------------------------------------------- WAV

/** A short 8 kHz 8-bit mono chiptune blip: square-wave notes (Hz), each `noteMs` long. */
export function chiptuneWav(notes: number[], noteMs: number): Buffer {
  const rate = 8000
  const perNote = Math.round((rate * noteMs) / 1000)
  const samples = Buffer.alloc(perNote * notes.length)
  notes.forEach((frequency, n) => {
    for (let i = 0; i < perNote; i++) {
      const fade = 1 - i / perNote
      const high = Math.floor((i * 2 * frequency) / rate) % 2 === 0
      samples[n * perNote + i] = Math.round(128 + (high ? 1 : -1) * 48 * fade)
    }
  })
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'latin1')
  header.writeUInt32LE(36 + samples.length, 4)
  header.write('WAVEfmt ', 8, 'latin1')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate, 28)
  header.writeUInt16LE(1, 32)
  header.writeUInt16LE(8, 34)
  header.write('data', 36, 'latin1')
  header.writeUInt32LE(samples.length, 40)
  return Buffer.concat([header, samples])
}

// ---------------------------------------------------------------- PDF

function pdfText(value: string): string {
  return value.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '-')
}

/** A one-page A5 PDF (Helvetica) with a title and lines of text. */
export function textPdf(title: string, lines: string[]): Buffer {
  const content = [
    'BT /F1 16 Tf 40 540 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 10 Tf 0 -28 Td 14 TL',
    ...lines.map((line) => `(${pdfText(line)}) '`),
    'ET',
  ].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

// ---------------------------------------------------------------- ZIP

/** A ZIP archive (deflated entries, fixed 2026-01-01 timestamps so the bytes never change). */
export function zipArchive(entries: { name: string; content: Buffer }[]): Buffer {
  const dosTime = 0
  const dosDate = ((2026 - 1980) << 9) | (1 << 5) | 1
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8')
    const data = deflateRawSync(entry.content, { level: 9 })
    const crc = crc32(entry.content)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x0800, 6)
    local.writeUInt16LE(8, 8)
    local.writeUInt16LE(dosTime, 10)
    local.writeUInt16LE(dosDate, 12)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(entry.content.length, 22)
    local.writeUInt16LE(name.length, 26)
    local.writeUInt16LE(0, 28)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x0800, 8)
    central.writeUInt16LE(8, 10)
    central.writeUInt16LE(dosTime, 12)
    central.writeUInt16LE(dosDate, 14)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(entry.content.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, data)
    centrals.push(central, name)
    offset += local.length + name.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

// ---------------------------------------------------------------- the demo products' files

function licencePdf(productName: string, shopName: string): DemoFile {
  return {
    name: 'licence.pdf',
    mediaType: 'application/pdf',
    content: textPdf(`${productName} - licence`, [
      `Thank you for supporting ${shopName}.`,
      'You may use these files for personal, non-commercial purposes:',
      'desktop and phone backgrounds, your own streams and videos.',
      'Please do not resell or redistribute the original files.',
    ]),
  }
}

const noteScales = [
  [523, 659, 784],
  [784, 659, 523],
  [440, 554, 659, 880],
  [330, 392, 494],
  [659, 587, 523, 494],
]

/**
 * The files of a digital product, by its kind (`digital`: wallpapers or sounds by name, `pattern`:
 * a PDF pattern), tinted with the product's colours.
 */
export function demoFilesFor(
  product: { code: string; name: string; slug: string; kind: string },
  shopName: string,
  colours: { swatch: string }[],
  palette: Record<ColourKey, { swatch: string }>,
): DemoFile[] {
  const tints = colours.length > 0 ? colours : [palette.pine, palette.lavender]
  const first = hexRgb(tints[0]!.swatch)
  const second = hexRgb((tints[1] ?? palette.cream ?? tints[0]!).swatch)
  if (product.kind === 'pattern') {
    return [
      {
        name: `${product.slug}.pdf`,
        mediaType: 'application/pdf',
        content: textPdf(product.name, [
          'Yarn: worsted weight, about 200 m. Needles: 4.5 mm.',
          'Gauge: 18 stitches and 24 rows to 10 cm in stocking stitch.',
          'Cast on 96 stitches and join in the round.',
          'Rounds 1-12: (k2, p2) rib.',
          'Work the chart until the piece measures 18 cm, then shape the crown.',
          `Pattern (c) ${shopName}. For personal use only.`,
        ]),
      },
    ]
  }
  if (/sound/i.test(product.name)) {
    const sounds = noteScales.map((notes, i) => ({
      name: `alerts/alert-${String(i + 1).padStart(2, '0')}.wav`,
      content: chiptuneWav(notes, 90),
    }))
    return [
      { name: `${product.slug}.zip`, mediaType: 'application/zip', content: zipArchive(sounds) },
      licencePdf(product.name, shopName),
    ]
  }
  const sizes: [string, number, number][] = [
    ['desktop', 160, 90],
    ['phone', 72, 128],
  ]
  const wallpapers = sizes.map(([label, width, height], i) => ({
    name: `${product.slug}/${label}.png`,
    content: gradientPng(width, height, i === 0 ? first : second, i === 0 ? second : first, 6 + i * 3),
  }))
  if (wallpapers.length > 0 && /phone/i.test(product.name)) {
    return [{ name: `${product.slug}.png`, mediaType: 'image/png', content: wallpapers[1]!.content }]
  }
  return [
    { name: `${product.slug}.zip`, mediaType: 'application/zip', content: zipArchive(wallpapers) },
    licencePdf(product.name, shopName),
  ]
}
