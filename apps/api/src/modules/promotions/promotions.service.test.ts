import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import { DomainError } from '../../errors/domain-error.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { eventCount, expectEventConforms, recordedEvents } from '../fulfillments/testing/recorded-events.js'
import type { PromotionCreateRequest } from './promotion-input.js'

/**
 * The promotion status actions the admin uses (end, resume, archive) and usage counting as
 * checkout does it (recordUse / recordPromotionUse), against the status table.
 */
let platform: TestPlatform
let db: Db

beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
})
afterAll(() => platform.close())
beforeEach(() => platform.clock.advance(10_000))

const service = () => platform.app.platform.services.promotions
const shopId = () => platform.demo.id

let serial = 0
async function createPromotion(request: Partial<PromotionCreateRequest> & { type: PromotionCreateRequest['type'] }) {
  serial += 1
  const body = {
    ...(request.type === 'SHOP_MULTI' || request.type === 'MEMBERSHIPS_MULTI'
      ? { codes: [`MULTI-${serial}-A`, `MULTI-${serial}-B`] }
      : { code: `SINGLE-${serial}` }),
    discount:
      request.type === 'SHOP_SINGLE' || request.type === 'SHOP_MULTI'
        ? { type: 'FREE_SHIPPING' as const }
        : { type: 'PERCENTAGE' as const, percentage: 10 },
    ...request,
  } as PromotionCreateRequest
  const created = await service().createPromotion(shopId(), body)
  await platform.clock.advance(1_000)
  return created as typeof created & { id: string; status: string }
}

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`)
  return error
}

async function eventsOf(promotionId: string) {
  const types = ['PROMOTION_CREATED', 'PROMOTION_UPDATED', 'PROMOTION_STATUS_CHANGED']
  const all = (await Promise.all(types.map((type) => recordedEvents(db, shopId(), type)))).flat()
  return all
    .filter((e) => e.data.id === promotionId)
    .sort((x, y) => x.created_at.localeCompare(y.created_at))
    .map((e) => ({ type: e.type, status: e.data.status as string, event: e }))
}

describe('changePromotionStatus (the admin’s actions)', () => {
  it('ends, resumes and archives a promotion, recording PROMOTION_STATUS_CHANGED each time', async () => {
    const promotion = await createPromotion({ type: 'SHOP_MULTI' })
    const ended = await service().changePromotionStatus(shopId(), promotion.id, 'end')
    expect(ended).toMatchObject({ status: 'Ended', codes: [{ status: 'Ended' }, { status: 'Ended' }] })
    expect((await platform.call('getPromotion', { params: { promotionId: promotion.id } })).body).toEqual(ended)
    await platform.clock.advance(1_000)
    const resumed = await service().changePromotionStatus(shopId(), promotion.id, 'resume')
    expect(resumed).toMatchObject({ status: 'Live', codes: [{ status: 'Live' }, { status: 'Live' }] })
    await platform.clock.advance(1_000)
    const archived = await service().changePromotionStatus(shopId(), promotion.id, 'archive')
    expect(archived.status).toBe('Archived')
    const events = await eventsOf(promotion.id)
    expect(events.map((e) => [e.type, e.status])).toEqual([
      ['PROMOTION_CREATED', 'Live'],
      ['PROMOTION_STATUS_CHANGED', 'Ended'],
      ['PROMOTION_STATUS_CHANGED', 'Live'],
      ['PROMOTION_STATUS_CHANGED', 'Archived'],
    ])
    expect(events[3]?.event.data).toEqual(archived)
    for (const { event } of events) expectEventConforms(platform.contract, event)
  })

  it('refuses what the table does not allow (409 PROMOTION_STATUS_TRANSITION_NOT_ALLOWED), changing nothing', async () => {
    const promotion = await createPromotion({ type: 'SHOP_SINGLE' })
    const resume = await rejection(service().changePromotionStatus(shopId(), promotion.id, 'resume'))
    expect(resume).toMatchObject({
      code: 'PROMOTION_STATUS_TRANSITION_NOT_ALLOWED',
      status: 409,
      message: `Promotion ${promotion.id} is Live; it cannot resume.`,
      details: { promotionId: promotion.id, status: 'Live', action: 'resume' },
    })
    await service().changePromotionStatus(shopId(), promotion.id, 'archive')
    const events = await eventCount(db)
    for (const action of ['end', 'resume', 'archive'] as const) {
      expect((await rejection(service().changePromotionStatus(shopId(), promotion.id, action))).code).toBe(
        'PROMOTION_STATUS_TRANSITION_NOT_ALLOWED',
      )
    }
    expect(await eventCount(db)).toBe(events)
  })

  it('answers 404 PROMOTION_NOT_FOUND for another shop’s promotion', async () => {
    const promotion = await createPromotion({ type: 'MEMBERSHIPS_SINGLE' })
    const error = await rejection(service().changePromotionStatus(platform.other.id, promotion.id, 'end'))
    expect(error).toMatchObject({ code: 'PROMOTION_NOT_FOUND', status: 404 })
    expect((await service().getPromotion(shopId(), promotion.id)).status).toBe('Live')
  })
})

describe('recordUse (checkout counting a use)', () => {
  it('counts uses of a single-code promotion and moves it to AllUsed at its maximum with PROMOTION_STATUS_CHANGED', async () => {
    const promotion = await createPromotion({
      type: 'SHOP_SINGLE',
      limits: { maximumUsesNumber: 2, oneUsePerCustomer: false },
    })
    const events = await eventCount(db)
    const first = await service().recordUse({ shopId: shopId(), promotionId: promotion.id })
    expect(first).toMatchObject({ statusChanged: false, promotion: { status: 'Live', usageCount: 1 } })
    expect(await eventCount(db)).toBe(events)
    const second = await service().recordUse({ shopId: shopId(), promotionId: promotion.id })
    expect(second).toMatchObject({ statusChanged: true, promotion: { status: 'AllUsed', usageCount: 2 } })
    expect((await platform.call('getPromotion', { params: { promotionId: promotion.id } })).body).toEqual(
      second.promotion,
    )
    const changed = (await eventsOf(promotion.id)).filter((e) => e.type === 'PROMOTION_STATUS_CHANGED')
    expect(changed.map((e) => e.event.data)).toEqual([second.promotion])
    expectEventConforms(platform.contract, changed[0]!.event)
    const third = await rejection(service().recordUse({ shopId: shopId(), promotionId: promotion.id }))
    expect(third).toMatchObject({ code: 'PROMOTION_NOT_USABLE', status: 409, details: { status: 'AllUsed' } })
  })

  it('limits each code of a multi-code promotion: PROMOTION_UPDATED when one code is used up, AllUsed when all are', async () => {
    const promotion = await createPromotion({
      type: 'SHOP_MULTI',
      limits: { maximumUsesNumber: 1, oneUsePerCustomer: true },
    })
    const [a, b] = (promotion as unknown as { codes: { code: string }[] }).codes.map((c) => c.code) as [string, string]
    const first = await service().recordUse({ shopId: shopId(), promotionId: promotion.id, code: a.toLowerCase() })
    expect(first).toMatchObject({
      statusChanged: false,
      promotion: {
        status: 'Live',
        usageCount: 1,
        codes: [
          { code: a, usageCount: 1, status: 'AllUsed' },
          { code: b, usageCount: 0, status: 'Live' },
        ],
      },
    })
    const again = await rejection(service().recordUse({ shopId: shopId(), promotionId: promotion.id, code: a }))
    expect(again).toMatchObject({ code: 'PROMOTION_NOT_USABLE', details: { status: 'AllUsed', promotionCode: a } })
    await platform.clock.advance(1_000)
    const last = await service().recordUse({ shopId: shopId(), promotionId: promotion.id, code: b })
    expect(last).toMatchObject({
      statusChanged: true,
      promotion: { status: 'AllUsed', usageCount: 2, codes: [{ status: 'AllUsed' }, { status: 'AllUsed' }] },
    })
    expect((await eventsOf(promotion.id)).map((e) => [e.type, e.status])).toEqual([
      ['PROMOTION_CREATED', 'Live'],
      ['PROMOTION_UPDATED', 'Live'],
      ['PROMOTION_STATUS_CHANGED', 'AllUsed'],
    ])
    expect(
      (await rejection(service().recordUse({ shopId: shopId(), promotionId: promotion.id, code: 'NOPE-1' }))).code,
    ).toBe('PROMOTION_NOT_USABLE')
  })

  it('never exhausts an unlimited promotion, and refuses an Ended one', async () => {
    const promotion = await createPromotion({ type: 'MEMBERSHIPS_SINGLE' })
    for (let i = 0; i < 3; i++) await service().recordUse({ shopId: shopId(), promotionId: promotion.id })
    expect((await service().getPromotion(shopId(), promotion.id)).status).toBe('Live')
    await service().changePromotionStatus(shopId(), promotion.id, 'end')
    expect((await rejection(service().recordUse({ shopId: shopId(), promotionId: promotion.id }))).code).toBe(
      'PROMOTION_NOT_USABLE',
    )
  })

  it('brings an exhausted promotion back as AllUsed when it is resumed', async () => {
    const promotion = await createPromotion({
      type: 'SHOP_SINGLE',
      limits: { maximumUsesNumber: 1, oneUsePerCustomer: false },
    })
    await service().recordUse({ shopId: shopId(), promotionId: promotion.id })
    expect((await service().changePromotionStatus(shopId(), promotion.id, 'end')).status).toBe('Ended')
    expect((await service().changePromotionStatus(shopId(), promotion.id, 'resume')).status).toBe('AllUsed')
  })

  it('lets exactly one of many concurrent uses take the last use', async () => {
    const promotion = await createPromotion({
      type: 'SHOP_SINGLE',
      limits: { maximumUsesNumber: 1, oneUsePerCustomer: false },
    })
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        service()
          .recordUse({ shopId: shopId(), promotionId: promotion.id })
          .then(
            () => 'used',
            (error: { code?: string }) => error.code,
          ),
      ),
    )
    expect(results.filter((r) => r === 'used')).toHaveLength(1)
    expect(results.filter((r) => r === 'PROMOTION_NOT_USABLE')).toHaveLength(5)
    const row = await db
      .selectFrom('promotions')
      .select(['usage_count', 'status'])
      .where('id', '=', promotion.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ usage_count: 1, status: 'AllUsed' })
  })

  it('counts inside the caller’s transaction: a rolled-back order leaves the promotion untouched', async () => {
    const promotion = await createPromotion({
      type: 'SHOP_SINGLE',
      limits: { maximumUsesNumber: 1, oneUsePerCustomer: false },
    })
    const events = await eventCount(db)
    await expect(
      db.transaction().execute(async (trx) => {
        await service().recordUse({ shopId: shopId(), promotionId: promotion.id }, trx)
        throw new Error('payment declined')
      }),
    ).rejects.toThrow('payment declined')
    expect(await service().getPromotion(shopId(), promotion.id)).toMatchObject({ status: 'Live', usageCount: 0 })
    expect(await eventCount(db)).toBe(events)
  })
})
