import { createHash } from 'node:crypto'
import { darkColors } from '@fanshelf/ui'
import type { ValidateFunction } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import type { JsonSchema } from '../../http/contract.js'
import { compileSchema } from '../../http/validation.js'
import { hashPassword } from '../../security/passwords.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { loadAdminSchemas } from '../admin/admin-contract.js'
import { type AdminClient, signInAdmin } from '../admin/testing/admin-client.js'
import { contrastRatio } from '../checkout/shop-accent.js'

/**
 * A shop's settings through HTTP (decision 0037): the super-admin changes name, domains, currency,
 * contact and accent colour; the hosted checkout, the product feed and the open API show the
 * change; staff only read; bad input and another shop's domain are refused naming the field, and
 * nothing is written then; the currency stays once something is priced in it.
 */

const feedPath = '/.well-known/merchant-center/rss.xml'

let platform: TestPlatform
let db: Db
let owner: AdminClient
let staff: AdminClient
let otherOwner: AdminClient
let validateSettings: ValidateFunction
let validateAuditPage: ValidateFunction

beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
  owner = await signInAdmin(platform, 'SUPER_ADMIN')
  staff = await signInAdmin(platform, 'STAFF')
  otherOwner = await signInAdmin(platform, 'SUPER_ADMIN', 'other')
  const schemas = await loadAdminSchemas()
  validateSettings = compileSchema(schemas.AdminShopSettings as JsonSchema)
  validateAuditPage = compileSchema(schemas.AdminAuditLogPage as JsonSchema)
})
afterAll(() => platform.close())

type Settings = {
  id: string
  name: string
  domain: string
  publicDomain: string | null
  currency: string
  currencyChangeable: boolean
  contact: Record<string, string | null>
  branding: { accentColor: string | null }
  updatedAt: string
}

async function settingsOf(admin: AdminClient): Promise<Settings> {
  const response = await admin.get('/admin/api/shop-settings')
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  expect(validateSettings(response.body), JSON.stringify(validateSettings.errors)).toBe(true)
  return response.body
}

/** The settings as a PUT body (what the admin's form sends). */
function bodyOf(settings: Settings, changes: Partial<Omit<Settings, 'id'>> = {}) {
  const { id: _id, currencyChangeable: _c, updatedAt: _u, ...body } = { ...settings, ...changes }
  return body
}

async function rowOf(shopId: string) {
  return db.selectFrom('shops').selectAll().where('id', '=', shopId).executeTakeFirstOrThrow()
}

async function checkoutPage() {
  const tee = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select('v.id')
    .where('p.shop_id', '=', platform.demo.id)
    .where('p.slug', '=', 'pixel-pines-logo-tee')
    .executeTakeFirstOrThrow()
  const cart = await platform.call('createCart', {
    auth: { storefrontToken: platform.demo.storefrontToken },
    body: { items: [{ variantId: tee.id, quantity: 1 }] },
  })
  expect(cart.status).toBe(200)
  return platform.app.inject({ method: 'GET', url: `/checkout/?cartCurrency=USD&cartId=${cart.body.id}` })
}

/** The hashes a page's CSP allows for styles, and the hashes of the page's own <style> elements. */
function styleHashes(response: { body: string; headers: Record<string, unknown> }) {
  const csp = String(response.headers['content-security-policy'])
  const allowed = /style-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? []
  const used = [...response.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] as string)
        .digest('base64')}'`,
  )
  return { allowed, used }
}

describe('GET /admin/api/shop-settings', () => {
  it('shows the shop’s settings to its super-admin and, read-only, to staff; never another shop’s', async () => {
    const mine = await settingsOf(owner)
    expect(mine).toMatchObject({
      id: platform.demo.id,
      name: 'Pixel Pines Merch',
      domain: 'pixel-pines.fanshelf.shop',
      publicDomain: 'shop.pixelpines.tv',
      currency: 'USD',
      // The demo shop sells: its currency is fixed.
      currencyChangeable: false,
      contact: { shopEmail: 'hello@pixelpines.tv', phone: '+15035550142' },
      branding: { accentColor: null },
    })
    expect(await settingsOf(staff)).toEqual(mine)
    expect((await settingsOf(otherOwner)).id).toBe(platform.other.id)
    const session = await staff.get('/admin/api/session')
    expect(session.body.permissions).toContain('shopSettings.read')
    expect(session.body.permissions).not.toContain('shopSettings.update')
  })
})

describe('PUT /admin/api/shop-settings', () => {
  it('changes name, custom domain, contact and accent: the checkout, the feed and the open API show it, the audit log names the fields', async () => {
    const before = await settingsOf(owner)
    const otherBefore = await rowOf(platform.other.id)
    const oldFeed = await platform.app.inject({ method: 'GET', url: feedPath, headers: { host: 'shop.pixelpines.tv' } })
    expect(oldFeed.statusCode).toBe(200)
    await platform.clock.advance(60_000)

    const response = await owner.put(
      '/admin/api/shop-settings',
      bodyOf(before, {
        name: '  Pixel Pines Outfitters ',
        publicDomain: 'Store.PixelPines.TV',
        contact: { ...before.contact, customerSupportEmail: 'help@pixelpines.tv', phone: null },
        branding: { accentColor: '#2F6F4E' },
      }),
    )
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    expect(validateSettings(response.body), JSON.stringify(validateSettings.errors)).toBe(true)
    expect(response.body).toMatchObject({
      name: 'Pixel Pines Outfitters',
      publicDomain: 'store.pixelpines.tv',
      contact: { customerSupportEmail: 'help@pixelpines.tv', phone: null },
      branding: { accentColor: '#2f6f4e' },
    })
    expect(await settingsOf(owner)).toEqual(response.body)

    // The hosted checkout: the shop's name in its header, the accent as the page's colour, and a
    // CSP that allows exactly the page's stylesheets.
    const page = await checkoutPage()
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<header class="brand">Pixel Pines Outfitters<span>')
    expect(page.body).toContain('--accent: #2f6f4e; --accent-fg: #fff;')
    const { allowed, used } = styleHashes(page)
    expect(used).toHaveLength(2)
    expect(allowed.sort()).toEqual([...used].sort())

    // The feed: at the new custom domain only, titled and branded with the new name, linking there.
    const feed = await platform.app.inject({ method: 'GET', url: feedPath, headers: { host: 'store.pixelpines.tv' } })
    expect(feed.statusCode).toBe(200)
    expect(feed.body).toContain('<title>Pixel Pines Outfitters</title>')
    expect(feed.body).toContain('<g:brand>Pixel Pines Outfitters</g:brand>')
    expect(feed.body).toContain('https://store.pixelpines.tv/')
    expect(feed.headers.etag).not.toBe(oldFeed.headers.etag)
    const gone = await platform.app.inject({ method: 'GET', url: feedPath, headers: { host: 'shop.pixelpines.tv' } })
    expect(gone.statusCode).toBe(404)
    // A cache holding the old feed revalidates and gets the new one, not a 304.
    const revalidated = await platform.app.inject({
      method: 'GET',
      url: feedPath,
      headers: { host: 'pixel-pines.fanshelf.shop', 'if-none-match': String(oldFeed.headers.etag) },
    })
    expect(revalidated.statusCode).toBe(200)

    // The open API (the shop's own API user): the shop and its contact info.
    const shop = await platform.call('getCurrentShop')
    expect(shop.body).toMatchObject({ name: 'Pixel Pines Outfitters', publicDomain: 'store.pixelpines.tv' })
    const contact = await platform.call('getCurrentShopContactInfo')
    expect(contact.body).toMatchObject({
      shopName: 'Pixel Pines Outfitters',
      customerSupportEmail: 'help@pixelpines.tv',
      phone: null,
      domain: 'pixel-pines.fanshelf.shop',
    })
    expect(contact.body.location).toBeTruthy()

    const log = await owner.get('/admin/api/audit-log')
    expect(validateAuditPage(log.body), JSON.stringify(validateAuditPage.errors)).toBe(true)
    expect(log.body.results[0]).toMatchObject({
      action: 'shopSettings.update',
      targetId: platform.demo.id,
      actor: { email: owner.email },
      changedFields: ['name', 'publicDomain', 'contact.customerSupportEmail', 'contact.phone', 'branding.accentColor'],
    })

    // The other shop is untouched.
    expect(await rowOf(platform.other.id)).toEqual(otherBefore)
  })

  it('writes nothing and records nothing when nothing changed', async () => {
    const before = await settingsOf(owner)
    const entries = (await owner.get('/admin/api/audit-log')).body.total
    await platform.clock.advance(60_000)
    const response = await owner.put('/admin/api/shop-settings', bodyOf(before))
    expect(response.status).toBe(200)
    expect(response.body).toEqual(before)
    expect((await owner.get('/admin/api/audit-log')).body.total).toBe(entries)
  })

  it('refuses staff with 403 FORBIDDEN and changes nothing', async () => {
    const before = await rowOf(platform.demo.id)
    const response = await staff.put(
      '/admin/api/shop-settings',
      bodyOf(await settingsOf(staff), { name: 'Staff was here' }),
    )
    expect(response.status).toBe(403)
    expect(response.body).toMatchObject({
      code: 'FORBIDDEN',
      details: { action: 'shopSettings.update', role: 'STAFF', allowedRoles: ['SUPER_ADMIN'] },
    })
    expect(await rowOf(platform.demo.id)).toEqual(before)
  })

  it('refuses a domain or custom domain another shop has (400, rule unique), writing nothing else of the request', async () => {
    const before = await rowOf(platform.demo.id)
    const other = await settingsOf(otherOwner)
    const settings = await settingsOf(owner)
    const response = await owner.put(
      '/admin/api/shop-settings',
      bodyOf(settings, { name: 'Renamed', domain: other.domain.toUpperCase(), publicDomain: other.publicDomain }),
    )
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('REQUEST_VALIDATION_FAILED')
    expect(response.body.details.errors).toEqual([
      expect.objectContaining({ field: 'domain', rule: 'unique' }),
      expect.objectContaining({ field: 'publicDomain', rule: 'unique' }),
    ])
    expect(await rowOf(platform.demo.id)).toEqual(before)

    // The shop's own domain as its custom domain too is fine (as `fanshelf shop create` sets them).
    const same = await owner.put('/admin/api/shop-settings', bodyOf(settings, { publicDomain: settings.domain }))
    expect(same.status).toBe(200)
    expect(same.body.publicDomain).toBe(settings.domain)
  })

  it('refuses a bad colour, host name, email or currency naming each field and its rule', async () => {
    const before = await rowOf(platform.demo.id)
    const settings = await settingsOf(owner)
    const colour = await owner.put('/admin/api/shop-settings', bodyOf(settings, { branding: { accentColor: 'green' } }))
    expect(colour.status).toBe(400)
    expect(colour.body.details.errors).toEqual([
      expect.objectContaining({ field: 'branding/accentColor', rule: 'pattern' }),
    ])
    const many = await owner.put(
      '/admin/api/shop-settings',
      bodyOf(settings, {
        name: '   ',
        domain: 'not a host',
        currency: 'XYZ',
        contact: { ...settings.contact, contactEmail: 'nobody' },
      }),
    )
    expect(many.status).toBe(400)
    const fields = (many.body.details.errors as { field: string; rule: string }[]).map((e) => `${e.field}:${e.rule}`)
    expect(fields).toEqual(expect.arrayContaining(['currency:enum', 'contact/contactEmail:format']))
    // Past the contract's own rules, the server's: a blank name and a malformed host name.
    const blanks = await owner.put(
      '/admin/api/shop-settings',
      bodyOf(settings, { name: '   ', domain: 'under_score.example' }),
    )
    expect(blanks.status).toBe(400)
    expect(blanks.body.details.errors).toEqual([
      expect.objectContaining({ field: 'name', rule: 'length' }),
      expect.objectContaining({ field: 'domain', rule: 'format' }),
    ])
    expect(await rowOf(platform.demo.id)).toEqual(before)
  })

  it('keeps the currency once something is priced in it: 409 SHOP_CURRENCY_LOCKED', async () => {
    const before = await rowOf(platform.demo.id)
    const response = await owner.put('/admin/api/shop-settings', bodyOf(await settingsOf(owner), { currency: 'EUR' }))
    expect(response.status).toBe(409)
    expect(response.body).toMatchObject({
      code: 'SHOP_CURRENCY_LOCKED',
      details: { field: 'currency', currency: 'USD', pricedRecords: expect.arrayContaining(['products', 'orders']) },
    })
    expect(await rowOf(platform.demo.id)).toEqual(before)
  })

  it('changes the currency of a new shop that has priced nothing yet', async () => {
    const { shop, owner: person } = await platform.app.platform.services.people.createShop({
      name: 'Fresh Start',
      domain: 'fresh-start.example',
      currency: 'USD',
      ownerEmail: 'owner@fresh-start.example',
    })
    // The owner's first password, as the set-password link would store it (people tests cover the link).
    await db
      .updateTable('admin_users')
      .set({ password_hash: await hashPassword('a long enough passphrase') })
      .where('id', '=', person.id)
      .execute()
    const signIn = await platform.app.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email: person.email, password: 'a long enough passphrase' },
    })
    expect(signIn.statusCode).toBe(200)
    const cookie = String([signIn.headers['set-cookie']].flat()[0]).split(';')[0] as string
    const headers = { cookie, 'x-csrf-token': (signIn.json() as { csrfToken: string }).csrfToken }
    const current = await platform.app.inject({ method: 'GET', url: '/admin/api/shop-settings', headers })
    const settings = current.json() as Settings
    expect(settings).toMatchObject({
      id: shop.id,
      currency: 'USD',
      currencyChangeable: true,
      publicDomain: 'fresh-start.example',
    })

    const changed = await platform.app.inject({
      method: 'PUT',
      url: '/admin/api/shop-settings',
      headers,
      payload: bodyOf(settings, { currency: 'JPY', branding: { accentColor: '#ffe600' } }),
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(validateSettings(changed.json())).toBe(true)
    expect(changed.json()).toMatchObject({ currency: 'JPY', currencyChangeable: true })
    expect((await rowOf(shop.id)).currency).toBe('JPY')
  })
})

describe('the checkout accent', () => {
  it('keeps a light colour readable: a darker shade on the light scheme, the colour itself on the dark one', async () => {
    const { accentStylesheet } = await import('../checkout/shop-accent.js')
    const css = accentStylesheet('#ffe600')
    const [light, dark] = [...css.matchAll(/--accent: (#[0-9a-f]{6})/g)].map((m) => m[1] as string)
    expect(contrastRatio(light as string, '#ffffff')).toBeGreaterThanOrEqual(4.5)
    expect(light).not.toBe('#ffe600')
    expect(dark).toBe('#ffe600')
    expect(contrastRatio(dark as string, darkColors.surface)).toBeGreaterThanOrEqual(4.5)
  })
})
