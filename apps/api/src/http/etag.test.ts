import { describe, expect, it } from 'vitest'
import { contentEtag, matchesIfNoneMatch, versionEtag } from './etag.js'

describe('ETags', () => {
  it('names the exact bytes with a strong tag, the same for a string and its UTF-8 buffer', () => {
    expect(contentEtag('{"a":1}')).toMatch(/^"[A-Za-z0-9_-]{27}"$/)
    expect(contentEtag(Buffer.from('{"a":1}'))).toBe(contentEtag('{"a":1}'))
    expect(contentEtag('{"a":2}')).not.toBe(contentEtag('{"a":1}'))
  })

  it('tags a version: an opaque hash as it is, anything else hashed, weak on request', () => {
    expect(versionEtag('0a1b2c-w320')).toBe('"0a1b2c-w320"')
    expect(versionEtag(['shop', 3])).toMatch(/^"[A-Za-z0-9_-]{27}"$/)
    expect(versionEtag(['shop', 3], { weak: true })).toBe(`W/${versionEtag(['shop', 3])}`)
  })

  it('matches If-None-Match lists, weak forms and *, and nothing else', () => {
    expect(matchesIfNoneMatch(undefined, '"a"')).toBe(false)
    expect(matchesIfNoneMatch('"a"', '"a"')).toBe(true)
    expect(matchesIfNoneMatch('"x", W/"a"', '"a"')).toBe(true)
    expect(matchesIfNoneMatch('"a"', 'W/"a"')).toBe(true)
    expect(matchesIfNoneMatch(' * ', '"a"')).toBe(true)
    expect(matchesIfNoneMatch('"b"', '"a"')).toBe(false)
  })
})
