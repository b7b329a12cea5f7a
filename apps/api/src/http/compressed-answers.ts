import { promisify } from 'node:util'
import zlib from 'node:zlib'
import negotiate from '@fastify/accept-negotiator'
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * Compression of the answers the server keeps serialized (decision 0048, sixth amendment). HTTP
 * clients ask for compressed bodies (browsers, `fetch`, curl `--compressed`), and the compression
 * plugin compresses every answer anew through a stream: for a 77 KB product page that cost more than
 * everything else the request did. A kept answer (a `SerializedJson` held by a stamped cache) is
 * compressed once per encoding, off the event loop, and the compressed bytes are kept with it. The
 * choice of encoding and its settings are the plugin's, so an answer is the same either way.
 */

/** Bodies smaller than this are sent as they are (the compression plugin is given the same). */
export const compressionThreshold = 1024

/** The encodings kept with an answer; anything else (deflate) is left to the plugin. */
export type KeptEncoding = 'br' | 'gzip'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Brotli at quality 4, as the plugin's default (11 costs ~200× the time for ~15% fewer bytes). */
export function compressBody(encoding: KeptEncoding, body: Buffer): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(body)
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  })
}

/** The plugin's encodings, in its order of preference. */
const supportedEncodings = ['br', 'gzip', 'deflate', 'identity']
/** `*` (no preference) and `x-gzip` count as gzip, as the plugin reads them. */
const gzipAliases = /\*|x-gzip/gu

/** The encoding to send a compressible body of `size` bytes in, when it is one kept with answers. */
export function keptEncodingFor(request: FastifyRequest, size: number): KeptEncoding | undefined {
  if (size < compressionThreshold || request.headers['x-no-compression'] !== undefined) return undefined
  const header = request.headers['accept-encoding']
  if (typeof header !== 'string' || header === '') return undefined
  const chosen = negotiate(header.toLowerCase().replace(gzipAliases, 'gzip'), supportedEncodings)
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined
}

/** Adds `accept-encoding` to the reply's `Vary`: the body depends on it. */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary')
  if (vary === undefined || vary === '') reply.header('vary', 'accept-encoding')
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(String(vary)))
    reply.header('vary', `${String(vary)}, accept-encoding`)
}
