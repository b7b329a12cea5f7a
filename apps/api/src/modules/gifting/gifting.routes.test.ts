import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GiftDrawsTable, GiftPurchasesTable, GiftsTable } from '../../db/schema.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'

let platform: TestPlatform

/** A gift purchase of our own (beside the seed's) so that every expected value is written out below. */
const purchaseId = 'giv_TestPurchase0000000001'
const initialDrawId = 'gdr_TestInitialDraw0000001'
const redoDrawId = 'gdr_TestRedoDraw000000001'
const productId = '0d5e3b1a-7c9f-4a2e-8b6d-1f3a5c7e9b2d'
const image = {
  id: 'img_1',
  url: 'https://cdn.nova-merch.example/assets/hoodie.svg',
  width: 800,
  height: 800,
  transformedUrl: 'https://cdn.nova-merch.example/assets/hoodie.svg',
}

function purchaseRow(shopId: string, id = purchaseId): GiftPurchasesTable {
  return {
    id,
    shop_id: shopId,
    friendly_id: 'GQ7PX2KM',
    product_id: productId,
    offer: JSON.stringify({
      id: productId,
      name: 'Nova Logo Hoodie',
      slug: 'nova-logo-hoodie',
      description: 'Heavyweight hoodie.',
      primaryImage: image,
    }),
    currency: 'USD',
    subtotal: 22000,
    tax: 1870,
    total: 26670,
    profit: 13400,
    prepaid_shipping: 2800,
    email: 'jordan.lee@example.com',
    username: 'jordanlee',
    message: 'Gifts for chat!',
    quantity: 5,
    created_at: '2026-11-01T20:55:30.004Z',
  }
}

function gift(overrides: Partial<GiftsTable> & Pick<GiftsTable, 'id' | 'position' | 'status'>): GiftsTable {
  return {
    shop_id: platform.demo.id,
    gift_purchase_id: purchaseId,
    package_id: null,
    draw_id: initialDrawId,
    product_id: productId,
    winner_email: null,
    winner_username: null,
    winner_selected_at: null,
    promotion_id: null,
    order_id: null,
    order_friendly_id: null,
    created_at: '2026-11-01T20:55:30.004Z',
    cancelled_at: null,
    redeemed_at: null,
    ...overrides,
  }
}

function draw(overrides: Partial<GiftDrawsTable> & Pick<GiftDrawsTable, 'id' | 'type'>): GiftDrawsTable {
  return {
    shop_id: platform.demo.id,
    gift_purchase_id: purchaseId,
    duration_seconds: 60,
    created_at: '2026-11-01T20:55:31.200Z',
    ends_at: '2026-11-01T20:56:31.200Z',
    finished_at: null,
    outcome: null,
    ...overrides,
  }
}

const selectedAt = '2026-11-01T20:56:20.512Z'

beforeAll(async () => {
  platform = await createTestPlatform()
  const db = platform.app.platform.services.db
  await db.insertInto('gift_purchases').values(purchaseRow(platform.demo.id)).execute()
  await db
    .insertInto('gift_draws')
    .values([
      draw({ id: initialDrawId, type: 'INITIAL', finished_at: selectedAt, outcome: 'FINISHED' }),
      draw({
        id: redoDrawId,
        type: 'REDO',
        duration_seconds: 90,
        created_at: '2026-11-01T21:00:00.000Z',
        ends_at: '2026-11-01T21:01:30.000Z',
      }),
    ])
    .execute()
  // Inserted out of order: answers follow `position`.
  await db
    .insertInto('gifts')
    .values([
      gift({
        id: 'gft_Redeemed00000000000001',
        position: 1,
        status: 'REDEEMED',
        winner_email: 'pixel.pirate@example.com',
        winner_username: 'pixel_pirate',
        winner_selected_at: selectedAt,
        order_id: '9b7d4c2e-5a1f-4e3b-8c6d-0f2a1b3c4d5e',
        order_friendly_id: 'K8WQ2MZT',
        redeemed_at: '2026-11-02T08:00:00.000Z',
      }),
      gift({
        id: 'gft_Won000000000000000000002',
        position: 0,
        status: 'AVAILABLE',
        winner_username: 'moonbeam_42',
        winner_selected_at: selectedAt,
      }),
      gift({
        id: 'gft_Promo0000000000000000003',
        position: 2,
        status: 'CHANGED_TO_PROMOTION',
        winner_username: 'lurk_lord',
        winner_selected_at: selectedAt,
        promotion_id: 'prm_Qa7wE2rT9yU4iO1pL6kJ3h',
      }),
      gift({ id: 'gft_Cancelled0000000000004', position: 3, status: 'CANCELLED' }),
      gift({ id: 'gft_Open00000000000000000005', position: 4, status: 'AVAILABLE', draw_id: redoDrawId }),
    ])
    .execute()
})
afterAll(() => platform.close())

const offer = {
  id: productId,
  name: 'Nova Logo Hoodie',
  slug: 'nova-logo-hoodie',
  description: 'Heavyweight hoodie.',
  primaryImage: image,
}

describe('GET /gift-purchase/{giftPurchaseId}', () => {
  it('answers the purchase with its gifts in position order, each with its status fields and winner', async () => {
    const { status, body } = await platform.call('getGiftPurchase', { params: { giftPurchaseId: purchaseId } })
    expect(status).toBe(200)
    expect(body).toEqual({
      id: purchaseId,
      friendlyId: 'GQ7PX2KM',
      shopId: platform.demo.id,
      offer,
      amounts: {
        subtotal: { value: 220, currency: 'USD' },
        tax: { value: 18.7, currency: 'USD' },
        total: { value: 266.7, currency: 'USD' },
        profit: { value: 134, currency: 'USD' },
        prepaidShipping: { value: 28, currency: 'USD' },
      },
      email: 'jordan.lee@example.com',
      username: 'jordanlee',
      message: 'Gifts for chat!',
      quantity: 5,
      gifts: [
        {
          id: 'gft_Won000000000000000000002',
          status: 'AVAILABLE',
          winner: { email: undefined, username: 'moonbeam_42', selectedAt },
        },
        {
          id: 'gft_Redeemed00000000000001',
          status: 'REDEEMED',
          orderId: '9b7d4c2e-5a1f-4e3b-8c6d-0f2a1b3c4d5e',
          orderFriendlyId: 'K8WQ2MZT',
          winner: { email: 'pixel.pirate@example.com', username: 'pixel_pirate', selectedAt },
        },
        {
          id: 'gft_Promo0000000000000000003',
          status: 'CHANGED_TO_PROMOTION',
          promotionId: 'prm_Qa7wE2rT9yU4iO1pL6kJ3h',
          winner: { email: undefined, username: 'lurk_lord', selectedAt },
        },
        { id: 'gft_Cancelled0000000000004', status: 'CANCELLED', winner: undefined },
        { id: 'gft_Open00000000000000000005', status: 'AVAILABLE', winner: undefined },
      ],
      createdAt: '2026-11-01T20:55:30.004Z',
    })
  })

  it('answers every seeded gift purchase within its documented schema', async () => {
    const db = platform.app.platform.services.db
    const seeded = await db.selectFrom('gift_purchases').select(['id', 'shop_id', 'quantity']).execute()
    expect(seeded.length).toBeGreaterThan(1)
    for (const row of seeded) {
      const auth = row.shop_id === platform.demo.id ? platform.asDemo : platform.asOther
      const { status, body } = await platform.call('getGiftPurchase', { params: { giftPurchaseId: row.id }, auth })
      expect(status).toBe(200)
      expect(body.id).toBe(row.id)
      expect(body.shopId).toBe(row.shop_id)
    }
  })

  it('answers 404 GIFT_PURCHASE_NOT_FOUND for an unknown id', async () => {
    const { status, body } = await platform.call('getGiftPurchase', { params: { giftPurchaseId: 'giv_nope' } })
    expect(status).toBe(404)
    expect(body).toEqual({
      code: 'GIFT_PURCHASE_NOT_FOUND',
      message: 'Gift purchase giv_nope was not found.',
      details: { giftPurchaseId: 'giv_nope' },
    })
  })

  it('answers 404 for another shop’s gift purchase, exactly as for an unknown one', async () => {
    const { status, body } = await platform.call('getGiftPurchase', {
      params: { giftPurchaseId: purchaseId },
      auth: platform.asOther,
    })
    expect(status).toBe(404)
    expect(body.code).toBe('GIFT_PURCHASE_NOT_FOUND')
  })

  it('answers 401 without credentials', async () => {
    const { status, body } = await platform.call('getGiftPurchase', {
      params: { giftPurchaseId: purchaseId },
      auth: 'none',
    })
    expect(status).toBe(401)
    expect(body.code).toBe('UNAUTHENTICATED')
  })

  it('refuses a bearer token with 403 BASIC_AUTH_REQUIRED', async () => {
    const { status, body } = await platform.call('getGiftPurchase', {
      params: { giftPurchaseId: purchaseId },
      auth: { bearer: 'fsat_anything' },
    })
    expect(status).toBe(403)
    expect(body.code).toBe('BASIC_AUTH_REQUIRED')
  })

  it('answers 400 naming giftPurchaseId when it is empty', async () => {
    const { status, body } = await platform.call('getGiftPurchase', {
      params: { giftPurchaseId: '' },
    })
    expect(status).toBe(400)
    expect(body.code).toBe('REQUEST_VALIDATION_FAILED')
    expect(body.details.errors).toEqual([
      expect.objectContaining({ location: 'path', field: 'giftPurchaseId', rule: 'minLength' }),
    ])
  })
})

describe('GET /gifting/draw/{drawId}', () => {
  it('answers a finished draw with the purchase’s offer, amounts and gifter, and a redeemUri on each winner', async () => {
    const { status, body } = await platform.call('getGiftDraw', { params: { drawId: initialDrawId } })
    const redeem = (giftId: string) => `${platform.config.publicUrl}/gifts/${giftId}/redeem`
    expect(status).toBe(200)
    expect(body).toEqual({
      id: initialDrawId,
      type: 'INITIAL',
      giveawayId: purchaseId,
      giveawayFriendlyId: 'GQ7PX2KM',
      shopId: platform.demo.id,
      offer,
      amounts: { subtotal: { value: 220, currency: 'USD' }, total: { value: 266.7, currency: 'USD' } },
      email: 'jordan.lee@example.com',
      username: 'jordanlee',
      message: 'Gifts for chat!',
      gifts: [
        {
          id: 'gft_Won000000000000000000002',
          status: 'AVAILABLE',
          winner: {
            email: undefined,
            username: 'moonbeam_42',
            selectedAt,
            redeemUri: redeem('gft_Won000000000000000000002'),
          },
        },
        {
          id: 'gft_Redeemed00000000000001',
          status: 'REDEEMED',
          orderId: '9b7d4c2e-5a1f-4e3b-8c6d-0f2a1b3c4d5e',
          orderFriendlyId: 'K8WQ2MZT',
          winner: {
            email: 'pixel.pirate@example.com',
            username: 'pixel_pirate',
            selectedAt,
            redeemUri: redeem('gft_Redeemed00000000000001'),
          },
        },
        {
          id: 'gft_Promo0000000000000000003',
          status: 'CHANGED_TO_PROMOTION',
          promotionId: 'prm_Qa7wE2rT9yU4iO1pL6kJ3h',
          winner: {
            email: undefined,
            username: 'lurk_lord',
            selectedAt,
            redeemUri: redeem('gft_Promo0000000000000000003'),
          },
        },
        { id: 'gft_Cancelled0000000000004', status: 'CANCELLED', winner: undefined },
      ],
      createdAt: '2026-11-01T20:55:31.200Z',
      durationSeconds: 60,
      endsAt: '2026-11-01T20:56:31.200Z',
      finishedAt: selectedAt,
    })
  })

  it('answers an open REDO draw with only its own gifts, no winners and finishedAt null', async () => {
    const { status, body } = await platform.call('getGiftDraw', { params: { drawId: redoDrawId } })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      id: redoDrawId,
      type: 'REDO',
      giveawayId: purchaseId,
      gifts: [{ id: 'gft_Open00000000000000000005', status: 'AVAILABLE' }],
      createdAt: '2026-11-01T21:00:00.000Z',
      durationSeconds: 90,
      endsAt: '2026-11-01T21:01:30.000Z',
      finishedAt: null,
    })
  })

  it('answers every seeded draw within its documented schema', async () => {
    const db = platform.app.platform.services.db
    const seeded = await db.selectFrom('gift_draws').select(['id', 'shop_id', 'duration_seconds']).execute()
    expect(seeded.length).toBeGreaterThan(1)
    for (const row of seeded) {
      const auth = row.shop_id === platform.demo.id ? platform.asDemo : platform.asOther
      const { status, body } = await platform.call('getGiftDraw', { params: { drawId: row.id }, auth })
      expect(status).toBe(200)
      expect(body.durationSeconds).toBe(row.duration_seconds)
    }
  })

  it('answers 404 GIVEAWAY_DRAW_NOT_FOUND for an unknown id', async () => {
    const { status, body } = await platform.call('getGiftDraw', { params: { drawId: 'gdr_nope' } })
    expect(status).toBe(404)
    expect(body).toEqual({
      code: 'GIVEAWAY_DRAW_NOT_FOUND',
      message: 'Draw gdr_nope was not found.',
      details: { drawId: 'gdr_nope' },
    })
  })

  it('answers 404 for another shop’s draw', async () => {
    const { status, body } = await platform.call('getGiftDraw', {
      params: { drawId: initialDrawId },
      auth: platform.asOther,
    })
    expect(status).toBe(404)
    expect(body.code).toBe('GIVEAWAY_DRAW_NOT_FOUND')
  })

  it('answers 401 without credentials', async () => {
    const { status, body } = await platform.call('getGiftDraw', { params: { drawId: initialDrawId }, auth: 'none' })
    expect(status).toBe(401)
    expect(body.code).toBe('UNAUTHENTICATED')
  })

  it('refuses a bearer token with 403 BASIC_AUTH_REQUIRED', async () => {
    const { status, body } = await platform.call('getGiftDraw', {
      params: { drawId: initialDrawId },
      auth: { bearer: 'fsat_anything' },
    })
    expect(status).toBe(403)
    expect(body.code).toBe('BASIC_AUTH_REQUIRED')
  })

  it('answers 400 naming drawId when it is empty', async () => {
    const { status, body } = await platform.call('getGiftDraw', { params: { drawId: '' } })
    expect(status).toBe(400)
    expect(body.code).toBe('REQUEST_VALIDATION_FAILED')
    expect(body.details.errors).toEqual([
      expect.objectContaining({ location: 'path', field: 'drawId', rule: 'minLength' }),
    ])
  })
})
