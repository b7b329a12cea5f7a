import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import type { ThankYousTable } from '../../db/schema.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'

let platform: TestPlatform
let db: Db
beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
})
afterAll(() => platform.close())
// Each test starts with a fresh rate-limit window: the limiter runs on the manual clock.
beforeEach(() => platform.clock.advance(10_000))

const contributionTypes = ['DONATION', 'GIFT_PURCHASE', 'MEMBERSHIP', 'ORDER'] as const

function thankYousOf(shopId: string) {
  return db.selectFrom('thank_yous').selectAll().where('shop_id', '=', shopId).orderBy('id').execute()
}

function expectedThankYou(t: ThankYousTable) {
  return {
    id: t.id,
    mediaUrl: t.media_url,
    contribution: {
      type: t.contribution_type,
      id: t.contribution_id,
      shopId: t.shop_id,
      supporter: {
        email: t.supporter_email,
        username: t.supporter_username ?? undefined,
        message: t.supporter_message ?? undefined,
      },
    },
  }
}

describe('GET /thank-yous/{thankYouId}', () => {
  it.each(contributionTypes)('answers a thank-you for a %s with its contribution and supporter', async (type) => {
    const thankYou = (await thankYousOf(platform.demo.id)).find((t) => t.contribution_type === type)
    expect(thankYou, `the demo seed has a thank-you for a ${type}`).toBeDefined()
    const row = thankYou as ThankYousTable
    const { status, body } = await platform.call('getThankYou', { params: { thankYouId: row.id } })
    expect(status).toBe(200)
    expect(body).toEqual(expectedThankYou(row))
  })

  it('answers 404 THANK_YOU_NOT_FOUND for another shop’s thank-you and for an unknown id alike', async () => {
    const foreign = (await thankYousOf(platform.other.id))[0] as ThankYousTable
    expect(foreign).toBeDefined()
    for (const thankYouId of [foreign.id, 'ty_doesNotExist']) {
      const { status, body } = await platform.call('getThankYou', { params: { thankYouId } })
      expect(status).toBe(404)
      expect(body).toEqual({
        code: 'THANK_YOU_NOT_FOUND',
        message: `Thank-you ${thankYouId} does not exist.`,
        details: { thankYouId },
      })
    }
  })

  it('answers 401 without credentials', async () => {
    const { status, body } = await platform.call('getThankYou', { params: { thankYouId: 'ty_x' }, auth: 'none' })
    expect(status).toBe(401)
    expect(body.code).toBe('UNAUTHENTICATED')
  })
})

describe('the newest donation not thanked yet (fanshelf trigger THANK_YOU_SENT thanks it)', () => {
  it('is the shop’s newest completed donation without a thank-you', async () => {
    const { donations, thankYous } = platform.app.platform.services
    const shopId = platform.demo.id
    const currencyOf = async (id: string) => (await platform.app.platform.services.shops.getShop(id)).currency
    const currency = await currencyOf(shopId)
    const receive = async (email: string) => {
      await platform.clock.advance(1000)
      return (await donations.receiveDonation(shopId, { email, amount: { value: 5, currency } })).id
    }
    const older = await receive('older.donor@example.com')
    const newer = await receive('newer.donor@example.com')
    await donations.receiveDonation(platform.other.id, {
      email: 'their.donor@example.com',
      amount: { value: 5, currency: await currencyOf(platform.other.id) },
    })
    expect(await thankYous.newestUnthankedDonationId(shopId)).toBe(newer)
    await thankYous.sendThankYou(shopId, {
      contribution: { type: 'DONATION', id: newer },
      publicUrl: platform.config.publicUrl,
    })
    expect(await thankYous.newestUnthankedDonationId(shopId)).toBe(older)
    expect(await thankYous.newestUnthankedDonationId('sh_nope')).toBeUndefined()
  })
})
