import type { Json } from './columns.js'

/** The catalogue: products, variants, collections, media and digital files. */

export interface ProductsTable {
  id: string
  shop_id: string
  name: string
  slug: string
  description: string
  type: string
  state: 'AVAILABLE' | 'SOLD_OUT'
  access: 'PUBLIC' | 'HIDDEN' | 'ARCHIVED'
  /** Lower-cased name and SKUs, for `search`. */
  search_text: string
  images: Json
  thumbnail_image: Json | null
  additional_information: Json | null
  size_guide: Json | null
  /** Migration 0012: `[{id, name, mediaType, sizeBytes, uri}]` of a digital product's files; null otherwise. */
  digital_files?: Json | null
  created_at: string
  updated_at: string
}

export interface VariantsTable {
  id: string
  product_id: string
  shop_id: string
  position: number
  name: string
  sku: string
  currency: string
  unit_price: number
  compare_at_price: number | null
  unit_cost: number | null
  /** Migration 0012: the cost the creator declares (minor units); null when not declared. */
  creator_declared_cost?: number | null
  attributes: Json
  stock_type: 'LIMITED' | 'UNLIMITED'
  in_stock: number | null
  weight: Json
  dimensions: Json
  images: Json
  thumbnail_image: Json | null
  created_at: string
  updated_at: string
}

export interface CollectionsTable {
  id: string
  shop_id: string
  name: string
  slug: string
  description: string
  position: number
  created_at: string
}

export interface CollectionProductsTable {
  collection_id: string
  product_id: string
  position: number
}

/** An uploaded file (migration 0019, decision 0036): an image of the shop's media library. */
export interface MediaFilesTable {
  /** A UUID: the file's name in `/media/files/<id>.<ext>`; its content never changes. */
  id: string
  shop_id: string
  /** What the uploader called it (the file name without its folder), for the library's search. */
  name: string
  /** Decided from the content: image/jpeg, image/png, image/webp, image/gif, image/avif, image/svg+xml. */
  media_type: string
  width: number
  height: number
  size_bytes: number
  /** Hex SHA-256 of the stored bytes. */
  sha256: string
  /** Where the bytes are: `media_blobs` or the S3-compatible bucket (key = MEDIA_S3_URL's prefix + id). */
  storage: 'DATABASE' | 'S3'
  /** The admin who uploaded it (`adm_…`); null for the demo seed. */
  created_by: string | null
  created_at: string
}

/** Bytes stored in the database: of a `media_files` row or a `digital_files` row, by its id. */
export interface MediaBlobsTable {
  key: string
  content: Buffer
}

/**
 * A file of a digital product (migration 0012, decision 0024), served only to its buyers
 * (`order_downloads`). The content is base64 text: small files, identical on SQLite and PostgreSQL.
 */
export interface DigitalFilesTable {
  /** `dfl_…` */
  id: string
  shop_id: string
  product_id: string
  position: number
  name: string
  media_type: string
  size_bytes: number
  /** Hex SHA-256 of the content: the download's ETag. */
  sha256: string
  /** Empty since migration 0021: the bytes are in the media storage (`storage`), keyed by `id`. */
  content_base64: string
  /** Where the bytes are (decision 0036): `media_blobs` or the S3-compatible bucket. */
  storage: 'DATABASE' | 'S3'
  created_at: string
}
