import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import { type Clock, isoTime } from '../../clock.js'
import type { Db, Executor } from '../../db/database.js'
import type { MediaFilesTable } from '../../db/schema.js'
import { versionEtag } from '../../http/etag.js'
import { newUuid } from '../../ids.js'
import { type Page, type PageRequest, toPage } from '../paging/paging.js'
import { acceptImage, extensions, type MediaType, narrower } from './image-intake.js'
import { mediaStorageUnavailable } from './media.errors.js'
import { type Image, type LibraryImage, toImage, toLibraryImage } from './media.mapper.js'
import { findMediaFile, findShopMediaFiles, insertMediaFile, listMediaFiles } from './media.repository.js'
import { databaseStorage, type MediaStorage } from './media-storage.js'

/**
 * The shop's media library (decision 0036): uploads checked and cleaned by image-intake.ts,
 * stored where every node sees them (media-storage.ts), served by id. A file's content never
 * changes, so what is served is cached by the browser for a year and here, in a bounded cache of
 * recently served bytes, by id and width.
 */

export interface UploadInput {
  content: Buffer
  /** The uploader's file name; its folder part and control characters are dropped. */
  name?: string
  /** `adm_…` of the admin uploading; absent for the demo seed. */
  createdBy?: string
  /**
   * The file's id, for the demo seed only: its rows name their images' URLs before the images
   * are stored. Uploads from people always get a new one.
   */
  id?: string
  /** When it was uploaded, for the demo seed only (its shops' history lies before the seed runs). */
  createdAt?: string
}

export interface ServedFile {
  content: Buffer
  mediaType: MediaType
  etag: string
}

const maxNameLength = 200
/** Bound of the served-file cache: at most 64 MiB of files (with 64 bytes each for the entry), LRU. */
const servedCacheBytes = 64 * 1024 * 1024

function cleanName(name: string | undefined, fallback: string): string {
  const base = [...(name ?? '').split(/[\\/]/).pop()!]
    .filter((char) => char >= ' ' && char !== '\u007f')
    .join('')
    .trim()
  return (base || fallback).slice(0, maxNameLength)
}

/**
 * `storage`: where new uploads go. Files are read from where their row says they are: the
 * database always, and `storage` when it is elsewhere (S3).
 */
export function createMediaService(db: Db, deps: { clock: Clock; publicUrl: string; storage: MediaStorage }) {
  const { clock, publicUrl, storage } = deps
  const storages: Partial<Record<MediaFilesTable['storage'], MediaStorage>> = {
    DATABASE: databaseStorage,
    [storage.kind]: storage,
  }
  const served = new LRUCache<string, ServedFile>({
    maxSize: servedCacheBytes,
    sizeCalculation: (file) => file.content.length + 64,
  })

  async function original(row: MediaFilesTable): Promise<Buffer | undefined> {
    const where = storages[row.storage]
    if (!where) {
      // Uploaded while MEDIA_S3_URL was set; this node has no bucket to read it from.
      throw mediaStorageUnavailable(
        'read',
        `${row.id} was stored in ${row.storage} storage, which this node is not set up to read (MEDIA_S3_URL)`,
      )
    }
    return where.get(db, row.id)
  }

  return {
    /**
     * Checks, cleans and stores an image in the shop's library; answers it as the library lists it.
     * `within`: a transaction of the caller's to store it in (the demo seed's), else its own.
     */
    async upload(shopId: string, input: UploadInput, within?: Executor): Promise<LibraryImage> {
      const image = await acceptImage(input.content)
      const id = input.id ?? newUuid()
      const row: MediaFilesTable = {
        id,
        shop_id: shopId,
        name: cleanName(input.name, `${id}.${extensions[image.mediaType]}`),
        media_type: image.mediaType,
        width: image.width,
        height: image.height,
        size_bytes: image.content.length,
        sha256: createHash('sha256').update(image.content).digest('hex'),
        storage: storage.kind,
        created_by: input.createdBy ?? null,
        created_at: input.createdAt ?? isoTime(clock.now()),
      }
      const inDatabase = storage.kind === 'DATABASE'
      // Outside the database (S3), the bytes go first: a failed put leaves no row, and a row
      // that fails to commit after it leaves an object nothing names (harmless, never served).
      if (!inDatabase) await storage.put(within ?? db, id, image.content, image.mediaType)
      const save = async (trx: Executor) => {
        await insertMediaFile(trx, row)
        if (inDatabase) await storage.put(trx, id, image.content, image.mediaType)
      }
      if (within) await save(within)
      else await db.transaction().execute(save)
      return toLibraryImage(row, publicUrl)
    },

    async list(shopId: string, search: string | undefined, page: PageRequest): Promise<Page<LibraryImage>> {
      const { rows, total } = await listMediaFiles(db, shopId, search?.trim() || undefined, page)
      return toPage(
        rows.map((row) => toLibraryImage(row, publicUrl)),
        total,
        page,
      )
    },

    /** The shop's images among `ids`, as products show them (another shop's ids are absent). */
    async images(shopId: string, ids: string[]): Promise<Map<string, Image>> {
      const rows = await findShopMediaFiles(db, shopId, [...new Set(ids)])
      return new Map(rows.map((row) => [row.id, toImage(row, publicUrl)]))
    },

    /**
     * The bytes of `/media/files/<id>.<extension>`, at most `width` pixels wide when given;
     * undefined when there is no such file (or the extension is not its type's).
     */
    async serve(mediaId: string, extension: string, width: number | undefined): Promise<ServedFile | undefined> {
      const key = `${mediaId}.${extension}?w=${width ?? ''}`
      const kept = served.get(key)
      if (kept) return kept
      const row = await findMediaFile(db, mediaId)
      if (!row || extensions[row.media_type as MediaType] !== extension) return undefined
      const mediaType = row.media_type as MediaType
      const content = await original(row)
      if (!content) return undefined
      const resized = width !== undefined && width < row.width ? await narrower(content, mediaType, width) : content
      const tag =
        width !== undefined && width < row.width ? `${row.sha256.slice(0, 32)}-w${width}` : row.sha256.slice(0, 32)
      const file: ServedFile = { content: resized, mediaType, etag: versionEtag(tag) }
      served.set(key, file)
      return file
    },

    /**
     * Stores bytes that are not an image of the library (a digital product's file) under `key`,
     * where uploads go; answers where that is, for the file's row. `within`: the caller's
     * transaction (the database storage writes in it).
     */
    async storeFile(
      key: string,
      content: Buffer,
      mediaType: string,
      within?: Executor,
    ): Promise<MediaFilesTable['storage']> {
      await storage.put(within ?? db, key, content, mediaType)
      return storage.kind
    },

    /** The bytes stored under `key` in `where` (a digital product file's row says which). */
    async readFile(key: string, where: MediaFilesTable['storage']): Promise<Buffer | undefined> {
      const from = storages[where]
      if (!from)
        throw mediaStorageUnavailable(
          'read',
          `${key} was stored in ${where} storage, which this node is not set up to read (MEDIA_S3_URL)`,
        )
      return from.get(db, key)
    },

    close(): void {
      storage.close?.()
    },
  }
}

export type MediaService = ReturnType<typeof createMediaService>
