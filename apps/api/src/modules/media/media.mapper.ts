import type { AdminSchema, Schema } from '@fanshelf/contract'
import type { MediaFilesTable } from '../../db/schema.js'
import { extensions, type MediaType } from './image-intake.js'

/** The width of `transformedUrl`: the storefront's list and card size. */
export const transformedWidth = 600

/** A contract `Image` (what products, variants and the feed show). */
export type Image = Schema<'Image'>

/** An image of the admin's media library: an `Image` and what the picker shows about it (admin-api.yaml). */
export type LibraryImage = AdminSchema<'AdminLibraryImage'>

export function mediaPath(row: Pick<MediaFilesTable, 'id' | 'media_type'>): string {
  return `/media/files/${row.id}.${extensions[row.media_type as MediaType]}`
}

export function toImage(row: MediaFilesTable, publicUrl: string): Image {
  const url = `${publicUrl}${mediaPath(row)}`
  // A vector scales to any width, and a narrow image is not made wider: both keep one URL.
  const narrows = row.media_type !== 'image/svg+xml' && row.width > transformedWidth
  return {
    id: row.id,
    url,
    width: row.width,
    height: row.height,
    transformedUrl: narrows ? `${url}?w=${transformedWidth}` : url,
  }
}

export function toLibraryImage(row: MediaFilesTable, publicUrl: string): LibraryImage {
  return {
    ...toImage(row, publicUrl),
    name: row.name,
    mediaType: row.media_type as MediaType,
    sizeBytes: row.size_bytes,
    createdAt: row.created_at,
  }
}
