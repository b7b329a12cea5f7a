import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * The one way this server makes and checks ETags for the answers it builds itself (decision 0042);
 * files served as they are on disk get theirs from @fastify/static. A tag is 27 base64url
 * characters of a SHA-256 (162 bits), strong when it names the exact bytes sent.
 */

function digest(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('base64url').slice(0, 27)
}

/** A strong ETag of these exact bytes. */
export function contentEtag(body: string | Buffer): string {
  return `"${digest(body)}"`
}

/**
 * An ETag for a version that is not the body itself: `version` is what the answer is built from
 * (JSON-serialized and hashed), or an opaque string already unique to it (a content hash). Weak when
 * two answers of one version may differ in bytes (RFC 9110 §8.8.1).
 */
export function versionEtag(version: unknown, options: { weak?: boolean } = {}): string {
  const opaque = typeof version === 'string' && /^[\w-]+$/.test(version) ? version : digest(JSON.stringify(version))
  return `${options.weak ? 'W/' : ''}"${opaque}"`
}

/** `If-None-Match` may list several tags, or `*`; weak tags match too (RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const opaque = etag.replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque)
}

/**
 * Sets the answer's ETag and tells whether the client already holds it: the caller then answers
 * `304 Not Modified` without a body.
 */
export function isNotModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag)
  return matchesIfNoneMatch(request.headers['if-none-match'], etag)
}
