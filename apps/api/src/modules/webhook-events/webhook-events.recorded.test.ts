import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'

// `listRecordedEvents` (used by `fanshelf trigger` to report what an action recorded): the shop's
// outbox events since an instant, each with the deliveries it fanned out to.

let platform: TestPlatform
const services = () => platform.app.platform.services

beforeAll(async () => {
  platform = await createTestPlatform()
})
afterAll(() => platform.close())

describe('events recorded since an instant', () => {
  it('lists the shop’s events from that instant on, oldest first, each with its deliveries', async () => {
    const shopId = platform.demo.id
    const currencyOf = async (id: string) => (await services().shops.getShop(id)).currency
    const owner = { shopId, appId: null }
    const subscribed = await services().webhookConfigurations.createConfiguration(owner, {
      url: 'http://127.0.0.1:9/recorded-events',
      allowedTypes: ['DONATION'],
    })
    await services().mailingList.subscribe(shopId, 'before.since@example.com')
    await platform.clock.advance(1000)
    const since = new Date(platform.clock.now()).toISOString()
    const donation = await services().donations.receiveDonation(shopId, {
      email: 'recorded.donor@example.com',
      amount: { value: 5, currency: await currencyOf(shopId) },
    })
    await platform.clock.advance(1000)
    await services().mailingList.subscribe(shopId, 'after.since@example.com')
    await services().donations.receiveDonation(platform.other.id, {
      email: 'other.donor@example.com',
      amount: { value: 5, currency: await currencyOf(platform.other.id) },
    })

    const events = await services().webhookEvents.listRecordedEvents(shopId, since)
    expect(events.map((event) => event.type)).toEqual(['DONATION', 'NEWSLETTER_SUBSCRIBED'])
    const [donated, subscribedEvent] = events
    expect(donated?.createdAt).toBe(since)
    expect(donated?.id).toMatch(/^evt_/)
    // The oracle: the outbox's own rows of each event.
    const db = services().db
    const deliveriesOf = async (eventId: string | undefined) =>
      (
        await db
          .selectFrom('webhook_events')
          .select(['id', 'configuration_id'])
          .where('event_id', '=', eventId ?? '')
          .orderBy('created_at')
          .orderBy('id')
          .execute()
      ).map((row) => ({ id: row.id, configurationId: row.configuration_id }))
    const donationDeliveries = await deliveriesOf(donated?.id)
    expect(donated?.deliveryIds).toEqual(donationDeliveries.map((d) => d.id))
    expect(donationDeliveries.map((d) => d.configurationId)).toContain(subscribed.id)
    expect(subscribedEvent?.deliveryIds).toEqual((await deliveriesOf(subscribedEvent?.id)).map((d) => d.id))
    const [stored] = await db
      .selectFrom('events')
      .select('data')
      .where('id', '=', donated?.id ?? '')
      .execute()
    expect(JSON.parse(stored?.data ?? '{}')).toMatchObject({ id: donation.id })
  })

  it('is empty for a shop with nothing recorded since', async () => {
    await platform.clock.advance(1000)
    const since = new Date(platform.clock.now()).toISOString()
    expect(await services().webhookEvents.listRecordedEvents(platform.demo.id, since)).toEqual([])
  })
})
