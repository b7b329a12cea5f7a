import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authHeaders, createTestPlatform, type TestPlatform } from '../testing/test-platform.js'
import { SerializedJson } from './serialized-json.js'

/**
 * Kept answers go out in the encoding the client asks for, compressed once and kept with the answer
 * (decision 0048, sixth amendment): the same JSON as uncompressed, the same choice of encoding as
 * the compression plugin makes for every other answer.
 */
let platform: TestPlatform
beforeAll(async () => {
  platform = await createTestPlatform()
})
afterAll(() => platform.close())

const productsPage = () => platform.url('listProducts', {}, { size: 20 })

async function get(url: string, headers: Record<string, string> = {}) {
  return platform.app.inject({ method: 'GET', url, headers: { ...authHeaders(platform.asDemo), ...headers } })
}

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  deflate: inflateSync,
}

function decoded(response: Awaited<ReturnType<typeof get>>): string {
  const encoding = response.headers['content-encoding']
  if (encoding === undefined) return response.body
  const decode = decoders[String(encoding)]
  if (!decode) throw new Error(`unexpected content-encoding ${encoding}`)
  return decode(response.rawPayload).toString('utf8')
}

describe('kept answers, compressed', () => {
  it('answers the encoding the client prefers, with the same JSON as an uncompressed answer', async () => {
    const plain = await get(productsPage())
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.length).toBeGreaterThan(1024)
    const cases: [string, string | undefined][] = [
      ['gzip, deflate, br', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['x-gzip', 'gzip'],
      ['*', 'gzip'],
      ['deflate', 'deflate'],
      ['identity', undefined],
    ]
    for (const [acceptEncoding, expected] of cases) {
      const response = await get(productsPage(), { 'accept-encoding': acceptEncoding })
      expect(response.statusCode, acceptEncoding).toBe(200)
      expect(response.headers['content-encoding'], acceptEncoding).toBe(expected)
      if (expected !== undefined) {
        expect(String(response.headers.vary), acceptEncoding).toMatch(/accept-encoding/i)
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)
      }
      expect(JSON.parse(decoded(response)), acceptEncoding).toEqual(JSON.parse(plain.body))
    }
    const refused = await get(productsPage(), { 'accept-encoding': 'br', 'x-no-compression': '1' })
    expect(refused.headers['content-encoding']).toBeUndefined()
  })

  it('sends the same compressed bytes again while the data is unchanged, and new ones after a change', async () => {
    const asBrotli = { 'accept-encoding': 'br' }
    const first = await get(productsPage(), asBrotli)
    const again = await get(productsPage(), asBrotli)
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true)
    const product = JSON.parse(decoded(first)).results[0]
    // Written directly, as another node sharing the database would.
    const db = platform.app.platform.services.db
    await db
      .updateTable('products')
      .set({ name: `${product.name} (renamed)` })
      .where('id', '=', product.id)
      .execute()
    try {
      const after = await get(productsPage(), asBrotli)
      const names = JSON.parse(decoded(after)).results.map((item: { name: string }) => item.name)
      expect(names).toContain(`${product.name} (renamed)`)
    } finally {
      await db.updateTable('products').set({ name: product.name }).where('id', '=', product.id).execute()
    }
  })

  it('leaves a small answer uncompressed', async () => {
    const small = await get(platform.url('listProducts', {}, { size: 1, search: 'no product has this name' }), {
      'accept-encoding': 'br',
    })
    expect(small.statusCode).toBe(200)
    expect(small.body.length).toBeLessThan(1024)
    expect(small.headers['content-encoding']).toBeUndefined()
  })

  it('keeps one compression per encoding with the answer', async () => {
    const answer = new SerializedJson(Buffer.from(JSON.stringify({ text: 'pines '.repeat(500) })))
    const once = answer.encoded('br')
    expect(answer.encoded('br')).toBe(once)
    expect(brotliDecompressSync(await once).equals(answer.body)).toBe(true)
    expect(gunzipSync(await answer.encoded('gzip')).equals(answer.body)).toBe(true)
  })
})

describe('storefront catalogue answers, compressed', () => {
  it('keep their ETag, and a revalidation answers 304 without a content-encoding', async () => {
    const url = `${platform.url('listCollectionProducts', { slug: 'all' }, { size: 20 })}&storefront_token=${platform.demo.storefrontToken}`
    const compressed = await platform.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } })
    expect(compressed.statusCode).toBe(200)
    expect(compressed.headers['content-encoding']).toBe('br')
    const etag = String(compressed.headers.etag)
    const plain = await platform.app.inject({ method: 'GET', url })
    expect(plain.headers.etag).toBe(etag)
    expect(JSON.parse(decoded(compressed))).toEqual(JSON.parse(plain.body))
    const revalidated = await platform.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, br', 'if-none-match': etag },
    })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.headers['content-encoding']).toBeUndefined()
    expect(revalidated.body).toBe('')
  })
})
