import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import { tokenHash } from '../../security/secret-box.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import type { StorefrontTokenService } from './storefront-tokens.service.js'

let platform: TestPlatform
let db: Db
let tokens: StorefrontTokenService
beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
  tokens = platform.app.platform.services.storefront.tokens
})
afterAll(() => platform.close())

async function works(token: string): Promise<number> {
  return (await platform.call('getStorefrontShop', { auth: { storefrontToken: token } })).status
}

function activeRows(shopId: string) {
  return db
    .selectFrom('storefront_tokens')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('revoked_at', 'is', null)
    .execute()
}

describe('PUT /public-token', () => {
  it('answers the shop’s current storefront token, the same on every call', async () => {
    const first = await platform.call('getOrCreatePublicToken')
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ token: platform.demo.storefrontToken })
    const second = await platform.call('getOrCreatePublicToken')
    expect(second.body).toEqual(first.body)
    const other = await platform.call('getOrCreatePublicToken', { auth: platform.asOther })
    expect(other.body).toEqual({ token: platform.other.storefrontToken })
  })

  it('needs open API credentials', async () => {
    const result = await platform.call('getOrCreatePublicToken', { auth: 'none' })
    expect(result.status).toBe(401)
    const storefront = await platform.call('getOrCreatePublicToken', {
      auth: { storefrontToken: platform.demo.storefrontToken },
    })
    expect(storefront.status).toBe(401)
  })

  it('creates one token after a revocation, even when called concurrently', async () => {
    expect(await tokens.revoke(platform.other.id)).toBe(true)
    expect(await works(platform.other.storefrontToken)).toBe(401)
    const results = await Promise.all(
      Array.from({ length: 5 }, () => platform.call('getOrCreatePublicToken', { auth: platform.asOther })),
    )
    const issued = new Set(results.map((r) => r.body.token))
    expect(issued.size).toBe(1)
    const [token] = [...issued]
    expect(token).toMatch(/^ptkn_[A-Za-z0-9_-]{32}$/)
    expect(await works(token as string)).toBe(200)
    expect(await activeRows(platform.other.id)).toHaveLength(1)
  })
})

describe('storefront token lifecycle', () => {
  it('regenerating revokes the old token at once and the new one works', async () => {
    const before = (await tokens.findToken(platform.demo.id))!.token
    expect(await works(before)).toBe(200)
    const fresh = await tokens.regenerate(platform.demo.id)
    expect(fresh.token).not.toBe(before)
    expect(await works(before)).toBe(401)
    expect(await works(fresh.token)).toBe(200)
    expect((await platform.call('getOrCreatePublicToken')).body).toEqual({ token: fresh.token })
    expect(await activeRows(platform.demo.id)).toHaveLength(1)
  })

  it('stores tokens hashed for lookup and sealed, never in plain text', async () => {
    const current = (await tokens.findToken(platform.demo.id))!
    const [row] = await activeRows(platform.demo.id)
    expect(row!.token_hash).toBe(tokenHash(current.token))
    expect(row!.token_sealed).not.toContain(current.token)
    expect(platform.app.platform.services.secretBox.open(row!.token_sealed)).toBe(current.token)
  })

  it('refuses an unknown shop', async () => {
    await expect(tokens.regenerate('sh_nope')).rejects.toMatchObject({ code: 'SHOP_NOT_FOUND' })
    await expect(tokens.getOrCreate('sh_nope')).rejects.toMatchObject({ code: 'SHOP_NOT_FOUND' })
    await expect(tokens.revoke('sh_nope')).rejects.toMatchObject({ code: 'SHOP_NOT_FOUND' })
  })

  it('revoking twice answers false the second time', async () => {
    await tokens.getOrCreate(platform.other.id)
    expect(await tokens.revoke(platform.other.id)).toBe(true)
    expect(await tokens.revoke(platform.other.id)).toBe(false)
    expect(await tokens.findToken(platform.other.id)).toBeUndefined()
  })
})
