import {
  findTierVariants,
  openDraw,
  purchaseGift,
  purchaseSubscription,
  receiveDonation,
  supporterEmail,
  type TriggerActions,
} from './context.js'

/** Fake chat entrants of a draw trigger finishes. */
const fakeParticipants = [
  { service: 'TWITCH', userId: '41001', userName: 'chat_regular' },
  { service: 'TWITCH', userId: '41002', userName: 'lurker_lucy' },
  { service: 'TWITCH', userId: '41003', userName: 'emote_spammer' },
]

export function describeSubscription(subscription: {
  type: string
  variant?: { interval: string; amount: { value: number; currency: string } }
}): string {
  const { variant } = subscription
  return variant
    ? `${subscription.type} ${variant.interval} ${variant.amount.value} ${variant.amount.currency}`
    : subscription.type
}

/** Gifts and draws, donations, thank-yous, memberships, the mailing list: what supporters do. */
export const supporterActions: TriggerActions<
  | 'GIFT_PURCHASE'
  | 'GIFT_DRAW_STARTED'
  | 'GIFT_DRAW_ENDED'
  | 'DONATION'
  | 'SUBSCRIPTION_PURCHASED'
  | 'SUBSCRIPTION_CHANGED'
  | 'SUBSCRIPTION_EXPIRED'
  | 'NEWSLETTER_SUBSCRIBED'
  | 'THANK_YOU_SENT'
> = {
  GIFT_PURCHASE: {
    does: 'buys 2 gifts for the chat (a draw opens too when the shop is live)',
    async run(context) {
      const { purchase, draw, product } = await purchaseGift(context, 2)
      return {
        summary:
          `Bought 2 gifts of ${product.name} for the chat: gift purchase ${purchase.id} (${purchase.friendlyId})` +
          (draw ? `; the shop is live, so draw ${draw.id} opened.` : '.'),
        details: { giftPurchaseId: purchase.id, drawId: draw?.id ?? null },
      }
    },
  },
  GIFT_DRAW_STARTED: {
    does: 'buys 2 gifts and opens their draw',
    async run(context) {
      const { purchase, draw, product } = await openDraw(context)
      return {
        summary: `Bought 2 gifts of ${product.name} (${purchase.id}) and opened draw ${draw.id} until ${draw.endsAt}.`,
        details: { giftPurchaseId: purchase.id, drawId: draw.id },
      }
    },
  },
  GIFT_DRAW_ENDED: {
    does: 'finishes an open draw (or a new one) with 3 fake chat entrants',
    async run(context) {
      const { services, shopId } = context
      const drawId = (await services.gifting.newestOpenDrawId(shopId)) ?? (await openDraw(context)).draw.id
      const finished = await services.gifting.finishDraw(shopId, drawId, fakeParticipants)
      const winners = finished.gifts.flatMap((gift) => (gift.winner ? [gift.winner.username] : []))
      return {
        summary: `Finished draw ${drawId}: ${winners.length > 0 ? `won by ${winners.join(', ')}` : 'no winners'}.`,
        details: { drawId, winners },
      }
    },
  },
  DONATION: {
    does: 'receives a completed donation of 5 in the shop’s currency',
    async run(context) {
      const donation = await receiveDonation(context, {
        username: 'kind_donor',
        message: 'Keep the streams coming! (fanshelf trigger)',
      })
      return {
        summary: `Received donation ${donation.id} of 5.00 ${context.currency}.`,
        details: { donationId: donation.id },
      }
    },
  },
  SUBSCRIPTION_PURCHASED: {
    does: 'a new member buys a subscription to the first tier',
    async run(context) {
      const member = await purchaseSubscription(context)
      return {
        summary: `Member ${member.id} (${member.email}) bought a ${describeSubscription(member.subscription)} subscription.`,
        details: { memberId: member.id },
      }
    },
  },
  SUBSCRIPTION_CHANGED: {
    does: 'an ACTIVE member switches to another tier variant',
    async run(context) {
      const { services, shopId } = context
      const memberId =
        (await services.memberships.findMemberWithSubscription(shopId, ['ACTIVE'])) ??
        (await purchaseSubscription(context)).id
      const before = await services.memberships.getMember(shopId, memberId)
      const current = 'variant' in before.subscription ? before.subscription.variant?.id : undefined
      const other = (await findTierVariants(context)).find((variant) => variant.id !== current)
      if (!other) throw new Error(`Shop ${shopId} has a single membership tier variant: nothing to change to.`)
      const member = await services.memberships.changeSubscription(shopId, memberId, { variantId: other.id })
      return {
        summary: `Member ${member.id} changed subscription: ${describeSubscription(before.subscription)} → ${describeSubscription(member.subscription)}.`,
        details: { memberId: member.id },
      }
    },
  },
  SUBSCRIPTION_EXPIRED: {
    does: 'a CANCELLED (else SUSPENDED, ACTIVE) member’s subscription runs out',
    async run(context) {
      const { services, shopId } = context
      const memberId =
        (await services.memberships.findMemberWithSubscription(shopId, ['CANCELLED', 'SUSPENDED', 'ACTIVE'])) ??
        (await purchaseSubscription(context)).id
      const member = await services.memberships.expireSubscription(shopId, memberId)
      return { summary: `Member ${member.id}'s subscription expired.`, details: { memberId: member.id } }
    },
  },
  NEWSLETTER_SUBSCRIBED: {
    does: 'a new address joins the mailing list',
    async run({ services, shopId }) {
      const { entry } = await services.mailingList.subscribe(shopId, supporterEmail('newsletter'))
      return { summary: `${entry.email} joined the mailing list (${entry.id}).`, details: { entryId: entry.id } }
    },
  },
  THANK_YOU_SENT: {
    does: 'thanks the latest completed donation not thanked yet',
    async run(context) {
      const { services, shopId, publicUrl } = context
      const donationId =
        (await services.thankYous.newestUnthankedDonationId(shopId)) ?? (await receiveDonation(context)).id
      const thankYou = await services.thankYous.sendThankYou(shopId, {
        contribution: { type: 'DONATION', id: donationId },
        publicUrl,
      })
      return {
        summary: `Sent thank-you ${thankYou.id} for donation ${donationId} to ${thankYou.contribution.supporter.email}.`,
        details: { thankYouId: thankYou.id, donationId },
      }
    },
  },
}
