import fs from 'node:fs'
import path from 'node:path'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { contentEtag, isNotModified } from './etag.js'

/**
 * The reader's origin in served documents (decision 0032). The docs site and the contracts are
 * built once, with `docsBuildOrigin` wherever they mean "your server"; a server whose public URL is
 * another one (another `PORT` or `HOST`, or a `PUBLIC_URL` behind a proxy) serves every text file
 * that mentions it with its own origin instead: pages, their JavaScript (so hydration renders the
 * same text), Markdown twins, llms files, the search index, diagrams and contracts.
 */

const textTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.yaml': 'application/yaml; charset=utf-8',
}

export interface ServedDocument {
  body: string
  etag: string
  contentType: string
}

export interface OriginRewriter {
  /** Whether this server's origin differs from the build's (otherwise files are served as built). */
  readonly active: boolean
  /** The file as this server serves it, when that differs from the file on disk. */
  document(filePath: string): ServedDocument | undefined
  /** The text of a file as this server serves it. */
  text(filePath: string): string
}

export function createOriginRewriter(buildOrigin: string, publicUrl: string): OriginRewriter {
  const to = publicUrl.replace(/\/+$/, '')
  const active = to !== buildOrigin
  // Bound: one entry per text file of the built site that was served (fixed by the build; paths
  // that are not files are never kept).
  const cache = new Map<string, { version: string; document: ServedDocument | undefined }>()
  const rewrite = (text: string) => text.replaceAll(buildOrigin, to)

  const document = (filePath: string): ServedDocument | undefined => {
    if (!active) return undefined
    const contentType = textTypes[path.extname(filePath)]
    if (contentType === undefined) return undefined
    let stat: fs.Stats
    try {
      stat = fs.statSync(filePath)
    } catch {
      return undefined
    }
    if (!stat.isFile()) return undefined
    const version = `${stat.mtimeMs}:${stat.size}`
    const cached = cache.get(filePath)
    if (cached?.version === version) return cached.document
    const original = fs.readFileSync(filePath, 'utf8')
    let served: ServedDocument | undefined
    if (original.includes(buildOrigin)) {
      const body = isSearchIndex(filePath) ? resortSearchIndex(rewrite(original)) : rewrite(original)
      served = { body, contentType, etag: contentEtag(body) }
    }
    cache.set(filePath, { version, document: served })
    return served
  }

  return {
    active,
    document,
    text: (filePath) => document(filePath)?.body ?? fs.readFileSync(filePath, 'utf8'),
  }
}

/** The docs search's serialized lunr indexes (one or more `search-index*.json` files). */
function isSearchIndex(filePath: string): boolean {
  return /^search-index.*\.json$/.test(path.basename(filePath))
}

/**
 * A serialized lunr index lists its terms in sorted order, and loading one whose terms are out of
 * order throws ("Out of order word insertion"). A term that contains the origin (a URL in a code
 * sample) may sort elsewhere once rewritten, so the terms are sorted again.
 */
export function resortSearchIndex(body: string): string {
  const groups = JSON.parse(body) as unknown
  if (!Array.isArray(groups)) return body
  for (const group of groups as Array<{ index?: { invertedIndex?: unknown } }>) {
    const terms = group.index?.invertedIndex
    if (!Array.isArray(terms)) continue
    ;(terms as Array<[string, unknown]>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  }
  return JSON.stringify(groups)
}

/**
 * The file under `root` a static request path names (`/a/` → `a/index.html`), or undefined for a
 * path outside `root`, one that does not decode, or a directory named without its slash (the file
 * server redirects that one).
 */
export function resolveServedFile(root: string, pathname: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return undefined
  }
  if (decoded.includes('\0')) return undefined
  const file = path.join(root, decoded.endsWith('/') ? `${decoded}index.html` : decoded)
  if (!file.startsWith(path.resolve(root) + path.sep)) return undefined
  return file
}

/** Replies with a rewritten document: its own ETag, and 304 to a matching `If-None-Match`. */
export function sendServedDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  served: ServedDocument,
  headers: Record<string, string>,
): FastifyReply {
  reply.headers({ ...headers, 'content-type': served.contentType })
  if (isNotModified(request, reply, served.etag)) return reply.code(304).send()
  return reply.send(request.method === 'HEAD' ? undefined : served.body)
}
