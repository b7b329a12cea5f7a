// The admin's promotions.
import { describe, expect, it } from 'vitest'
import { recordedEvents } from '../fulfillments/testing/recorded-events.js'
import { db, owner, platform, setUpAdminCatalogCalls, staff } from './testing/admin-catalog-calls.js'
import { signInAdmin } from './testing/admin-client.js'

setUpAdminCatalogCalls()

describe('promotions', () => {
  it('lists the shop’s promotions with the status actions each allows', async () => {
    const page = await staff.get('/admin/api/promotions', { query: { size: 50 } })
    expect(page.status).toBe(200)
    for (const promotion of page.body.results) {
      const expected = {
        Live: ['end', 'archive'],
        Ended: ['resume', 'archive'],
        AllUsed: ['end', 'archive'],
        Archived: [],
      }[promotion.status as 'Live']
      expect(promotion.allowedActions).toEqual(expected)
    }
  })

  it('creates each type with the contract’s body and records PROMOTION_CREATED', async () => {
    const { body: products } = await owner.get('/admin/api/products', { query: { size: 2 } })
    const { body: tiers } = await owner.get('/admin/api/membership-tiers')
    const bodies = [
      {
        type: 'SHOP_SINGLE',
        code: 'ADMIN15',
        discount: { type: 'PERCENTAGE', percentage: 15, shippingOption: 'Excluded' },
        limits: { maximumUsesNumber: 100, oneUsePerCustomer: true },
        requirements: { minimumOrderValue: { value: 40, currency: 'USD' } },
        appliesTo: { type: 'SELECTED_PRODUCTS', products: [products.results[0].id], oncePerOrder: true },
      },
      {
        type: 'SHOP_MULTI',
        title: 'Raid codes',
        codes: ['RAID-ADMIN-1', 'RAID-ADMIN-2'],
        discount: { type: 'FLAT_RATE', money: { value: 10, currency: 'USD' }, freeShipping: true },
      },
      {
        type: 'SHOP_SINGLE',
        code: 'ADMINFREE',
        discount: {
          type: 'FREE_PRODUCTS',
          freeProductsType: 'MANUALLY_ADDED',
          products: [{ availableVariantIds: [products.results[1].variants[0].id], quantity: 1 }],
        },
      },
      {
        type: 'MEMBERSHIPS_SINGLE',
        code: 'ADMINMEMBER',
        discount: { type: 'PERCENTAGE', percentage: 20 },
        requirements: { newMembersOnly: true },
        subscriptionType: { type: 'ANNUAL' },
        tiers: { type: 'SELECTED', tiersIds: [tiers.results[0].id] },
      },
      { type: 'MEMBERSHIPS_MULTI', codes: ['ADMINM-1', 'ADMINM-2'], discount: { type: 'PERCENTAGE', percentage: 5 } },
    ]
    for (const body of bodies) {
      const created = await owner.post('/admin/api/promotions', body)
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      expect(created.body).toMatchObject({ type: body.type, status: 'Live', allowedActions: ['end', 'archive'] })
      const events = (await recordedEvents(db(), platform.demo.id, 'PROMOTION_CREATED')).filter(
        (e) => e.data.id === created.body.id,
      )
      expect(events).toHaveLength(1)
    }
  })

  it('names every invalid field of a promotion (400) and a duplicate code (409)', async () => {
    const invalid = await owner.post('/admin/api/promotions', {
      type: 'SHOP_SINGLE',
      code: 'x',
      discount: { type: 'PERCENTAGE', percentage: 150 },
    })
    expect(invalid.status).toBe(400)
    const fields = invalid.body.details.errors.map((e: { field: string }) => e.field)
    expect(fields).toEqual(expect.arrayContaining(['code', 'discount/percentage']))
    const duplicate = await owner.post('/admin/api/promotions', {
      type: 'SHOP_SINGLE',
      code: 'admin15',
      discount: { type: 'FREE_SHIPPING' },
    })
    expect(duplicate.status).toBe(409)
    expect(duplicate.body.code).toBe('PROMOTION_CODE_DUPLICATION')
  })

  it('ends, resumes and archives a promotion by its status table (409 otherwise)', async () => {
    const { body: promotion } = await owner.post('/admin/api/promotions', {
      type: 'SHOP_SINGLE',
      code: 'ADMINSTATUS',
      discount: { type: 'FREE_SHIPPING' },
    })
    await platform.clock.advance(1_000)
    const ended = await staff.post(`/admin/api/promotions/${promotion.id}/status`, { action: 'end' })
    await platform.clock.advance(1_000)
    expect(ended.body).toMatchObject({ status: 'Ended', allowedActions: ['resume', 'archive'] })
    const resumed = await staff.post(`/admin/api/promotions/${promotion.id}/status`, { action: 'resume' })
    expect(resumed.body.status).toBe('Live')
    await platform.clock.advance(1_000)
    const archived = await staff.post(`/admin/api/promotions/${promotion.id}/status`, { action: 'archive' })
    expect(archived.body).toMatchObject({ status: 'Archived', allowedActions: [] })
    const read = await staff.get(`/admin/api/promotions/${promotion.id}`)
    expect(read.status).toBe(200)
    expect(read.body).toEqual(archived.body)
    const refused = await staff.post(`/admin/api/promotions/${promotion.id}/status`, { action: 'resume' })
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('PROMOTION_STATUS_TRANSITION_NOT_ALLOWED')
    expect((await staff.post(`/admin/api/promotions/${promotion.id}/status`, { action: 'useUp' })).status).toBe(400)
    const changes = (await recordedEvents(db(), platform.demo.id, 'PROMOTION_STATUS_CHANGED')).filter(
      (e) => e.data.id === promotion.id,
    )
    expect(changes.map((e) => e.data.status)).toEqual(['Ended', 'Live', 'Archived'])
  })

  it('answers 404 for another shop’s promotion, which its own shop reads', async () => {
    const other = await signInAdmin(platform, 'SUPER_ADMIN', 'other')
    const { body: page } = await owner.get('/admin/api/promotions', { query: { size: 1 } })
    const id = page.results[0].id
    expect((await owner.get(`/admin/api/promotions/${id}`)).body).toEqual(page.results[0])
    expect((await other.get(`/admin/api/promotions/${id}`)).status).toBe(404)
    expect((await other.post(`/admin/api/promotions/${id}/status`, { action: 'end' })).status).toBe(404)
  })
})
