import { describe, expect, it } from 'vitest'
import { client, server } from '../open-api-session.js'

/** Streaming, gifting and giveaway links (API users only); mailing list, thank-yous and memberships (beta). (A suite of open-api.integration.test.ts.) */
export function describeStreamingAndBeta(): void {
  describe('streaming, gifting and giveaway links (API users only)', () => {
    it('goes live, reads a gift purchase and its draw, finishes the draw and goes offline', async () => {
      const live = await client.startStreaming({
        body: { services: [{ type: 'TWITCH', broadcasterId: '141981764', broadcasterLogin: 'pixelpines' }] },
      })
      expect(JSON.stringify(live)).toContain('ONLINE')
      expect(JSON.stringify(await client.getStreamingStatus())).toContain('ONLINE')

      // A supporter buys gifts at checkout while the creator is live (not an API call): a draw opens.
      const product = (await client.listProducts({ query: { size: 100 } })).results.find(
        (p) => p.state.type === 'AVAILABLE' && p.access.type === 'PUBLIC',
      )
      if (!product) throw new Error('the demo shop has an available product')
      const purchase = await server.app.platform.services.gifting.purchaseGift(server.demo.id, {
        productId: product.id,
        quantity: 2,
        email: 'jordan.lee@example.com',
        username: 'jordanlee',
        message: 'Gifts for chat!',
      })
      const drawId = purchase.draw?.id
      if (!drawId) throw new Error('a purchase while live opens a draw')

      expect((await client.getGiftPurchase({ path: { giftPurchaseId: purchase.purchase.id } })).id).toBe(
        purchase.purchase.id,
      )
      expect((await client.getGiftDraw({ path: { drawId } })).id).toBe(drawId)
      const finished = await client.finishGiftDraw({
        path: { drawId },
        body: {
          participants: [
            { service: 'TWITCH', userId: '90412236', userName: 'pixel_pirate' },
            { service: 'TWITCH', userId: '51877302', userName: 'moonbeam_42' },
            { service: 'TWITCH', userId: '77310954', userName: 'lurk_lord' },
          ],
        },
      })
      expect(finished.finishedAt).not.toBeNull()

      const offline = await client.endStreaming({ body: { services: ['TWITCH'] } })
      expect(JSON.stringify(offline)).toContain('OFFLINE')
    })

    it('creates a giveaway from a bot and finishes it with a Twitch winner (beta)', async () => {
      const product = (await client.listProducts({ query: { size: 100 } })).results.find(
        (p) => p.state.type === 'AVAILABLE' && p.access.type === 'PUBLIC',
      )
      if (!product) throw new Error('the demo shop has an available product')
      const giveaway = await client.createGiveaway({ body: { offerId: product.id, quantity: 1 } })
      expect(giveaway.id).toMatch(/^giv_/)
      const finished = await client.finishGiveaway({
        path: { id: giveaway.id },
        body: { participants: [{ userId: '424242', userName: 'sdk_viewer' }] },
      })
      expect(finished.redeemUrl).toMatch(/\/gifts\/gft_[^/]+\/redeem$/)
    })

    it('creates giveaway links and reads the packages', async () => {
      const product = (await client.listProducts({ query: { size: 100 } })).results.find(
        (p) => p.state.type === 'AVAILABLE',
      )
      if (!product) throw new Error('the demo shop has an available product')
      const created = await client.createGiveawayLinks({ body: { productId: product.id, number: 2 } })
      const { packages } = await client.listGiveawayLinkPackages()
      expect(created.giveawayLinks).toHaveLength(2)
      expect(packages.map((p) => p.packageId)).toContain(created.packageId)
      const read = await client.getGiveawayLinkPackage({ path: { packageId: created.packageId } })
      expect(read.giveawayLinks.map((link) => link.id)).toEqual(created.giveawayLinks.map((link) => link.id))
    })
  })

  describe('mailing list, thank-yous and memberships (beta)', () => {
    it('lists mailing-list entries', async () => {
      const entries = await client.listMailingListEntries({ query: { size: 10 } })
      expect(entries.total).toBeGreaterThanOrEqual(entries.results.length)
    })

    it('reads a thank-you', async () => {
      const row = await server.app.platform.database.db
        .selectFrom('thank_yous')
        .select('id')
        .where('shop_id', '=', server.demo.id)
        .executeTakeFirstOrThrow()
      expect((await client.getThankYou({ path: { thankYouId: row.id } })).id).toBe(row.id)
    })

    it('lists tiers and members and reads a member', async () => {
      const tiers = await client.listMembershipTiers()
      expect(tiers.length).toBeGreaterThan(0)
      const members = await client.paginate('listMembers', { query: { size: 10 } }).toArray()
      const [member] = members
      if (!member) throw new Error('the demo shop has members')
      expect((await client.getMember({ path: { memberId: member.id } })).id).toBe(member.id)
    })
  })
}
