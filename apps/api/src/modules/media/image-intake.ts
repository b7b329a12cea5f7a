import sharp from 'sharp'
import { DomainError, type ErrorDetails } from '../../errors/domain-error.js'
import type { ErrorCode } from '../../errors/error-codes.js'

/**
 * What an upload is, decided from its bytes (never from its name or the declared Content-Type),
 * and the bytes we keep (decision 0036):
 *
 * - raster images (JPEG, PNG, WebP, GIF, AVIF) are decoded by libvips (sharp) and encoded again
 *   in the same format: EXIF, XMP and every other metadata block (a phone's GPS position, say) is
 *   left behind, and the EXIF orientation is applied to the pixels first, so nothing looks rotated;
 * - SVG is kept as written (a vector has no pixels to re-encode) after libvips has parsed it, and
 *   only if it is a drawing: no scripts, event handlers, foreign objects, entities, style imports or
 *   references outside the file. It is served with a sandboxing Content-Security-Policy too.
 */

export const maxUploadBytes = 20 * 1024 * 1024
export const maxSide = 8000
const maxSvgBytes = 2 * 1024 * 1024

export type MediaType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif' | 'image/avif' | 'image/svg+xml'

export const extensions: Record<MediaType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
}

export interface AcceptedImage {
  content: Buffer
  mediaType: MediaType
  width: number
  height: number
}

function refused(code: ErrorCode, message: string, rule: string, details: ErrorDetails = {}): DomainError {
  return new DomainError(code, message, { ...details, errors: [{ location: 'body', field: 'file', rule, message }] })
}

const unsupported = () =>
  refused(
    'MEDIA_TYPE_UNSUPPORTED',
    'The file is not an image we accept: upload a JPEG, PNG, WebP, GIF, AVIF or SVG image.',
    'format',
  )

/** Patterns that make an SVG more than a drawing (checked case-insensitively on the text). */
const svgHazards: Array<[RegExp, string]> = [
  [/<script\b/i, 'a script'],
  [/<foreignObject\b/i, 'a foreignObject element'],
  [/<!ENTITY/i, 'an entity declaration'],
  [/<\?xml-stylesheet/i, 'a stylesheet processing instruction'],
  [/\son[a-z]+\s*=/i, 'an event handler attribute'],
  [/javascript:/i, 'a javascript: URL'],
  [/@import/i, 'a style import'],
  // href / xlink:href / url(...) may only point inside the file or at an embedded image.
  [/\bhref\s*=\s*["'](?!#|data:image\/(?:png|jpeg|gif|webp);)/i, 'a link outside the file'],
  [/url\(\s*["']?(?!#|data:image\/(?:png|jpeg|gif|webp);)/i, 'a url() outside the file'],
]

function rasterFormat(format: string | undefined, compression: string | undefined): MediaType | undefined {
  if (format === 'jpeg') return 'image/jpeg'
  if (format === 'png') return 'image/png'
  if (format === 'webp') return 'image/webp'
  if (format === 'gif') return 'image/gif'
  if (format === 'heif' && compression === 'av1') return 'image/avif'
  return undefined
}

function encode(image: sharp.Sharp, mediaType: MediaType): sharp.Sharp {
  switch (mediaType) {
    case 'image/jpeg':
      return image.jpeg({ quality: 90, mozjpeg: true })
    case 'image/png':
      return image.png()
    case 'image/webp':
      return image.webp({ quality: 90 })
    case 'image/gif':
      return image.gif()
    case 'image/avif':
      return image.avif({ quality: 70, effort: 2 })
    default:
      throw new Error(`No encoder for ${mediaType}`)
  }
}

function checkSides(width: number | undefined, height: number | undefined): { width: number; height: number } {
  if (!width || !height) throw unsupported()
  if (width > maxSide || height > maxSide) {
    throw refused(
      'MEDIA_TOO_LARGE',
      `The image is ${width}×${height} pixels; each side may be at most ${maxSide}.`,
      'maximum',
    )
  }
  return { width, height }
}

async function acceptSvg(content: Buffer): Promise<AcceptedImage> {
  if (content.length > maxSvgBytes) {
    throw refused('PAYLOAD_TOO_LARGE', `An SVG may be at most ${maxSvgBytes} bytes.`, 'maxBytes', {
      limitBytes: maxSvgBytes,
    })
  }
  const text = content.toString('utf8')
  for (const [pattern, what] of svgHazards) {
    if (pattern.test(text)) {
      throw refused('MEDIA_UNSAFE', `The SVG contains ${what}: upload a plain drawing, or a PNG of it.`, 'safe-svg')
    }
  }
  const metadata = await sharp(content).metadata()
  return { content, mediaType: 'image/svg+xml', ...checkSides(metadata.width, metadata.height) }
}

/** Checks an upload and returns what to store, or throws a 4xx naming the rule it broke. */
export async function acceptImage(content: Buffer): Promise<AcceptedImage> {
  if (content.length === 0)
    throw refused('MEDIA_EMPTY', 'The request body is empty: send the image file as the body.', 'required')
  if (content.length > maxUploadBytes) {
    throw refused('PAYLOAD_TOO_LARGE', `An image may be at most ${maxUploadBytes} bytes.`, 'maxBytes', {
      limitBytes: maxUploadBytes,
    })
  }
  let metadata: sharp.Metadata
  try {
    metadata = await sharp(content, { limitInputPixels: maxSide * maxSide }).metadata()
  } catch {
    throw unsupported()
  }
  if (metadata.format === 'svg') return acceptSvg(content)
  const mediaType = rasterFormat(metadata.format, metadata.compression)
  if (!mediaType) throw unsupported()
  checkSides(metadata.width, metadata.pageHeight ?? metadata.height)
  const animated = (metadata.pages ?? 1) > 1
  try {
    const decoded = sharp(content, { limitInputPixels: maxSide * maxSide * (metadata.pages ?? 1), animated })
    // Apply the EXIF orientation to the pixels before the EXIF block is dropped.
    const oriented = animated ? decoded : decoded.autoOrient()
    const { data, info } = await encode(oriented, mediaType).toBuffer({ resolveWithObject: true })
    const height = animated ? (info.pageHeight ?? info.height) : info.height
    return { content: data, mediaType, width: info.width, height }
  } catch {
    throw refused('MEDIA_UNREADABLE', 'The image could not be decoded: the file is damaged or truncated.', 'decodable')
  }
}

/** A copy at most `width` pixels wide (never wider than the original); SVG is returned as it is. */
export async function narrower(content: Buffer, mediaType: MediaType, width: number): Promise<Buffer> {
  if (mediaType === 'image/svg+xml') return content
  const animated = mediaType === 'image/gif' || mediaType === 'image/webp'
  const image = sharp(content, { animated }).resize({ width, withoutEnlargement: true })
  return encode(image, mediaType).toBuffer()
}
