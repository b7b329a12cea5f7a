import type {
  DonationsTable,
  MailingListEntriesTable,
  MembershipTierVariantsTable,
  MembersTable,
  StreamingServicesTable,
  ThankYousTable,
} from '../db/schema.js'
import { donationMessages } from './demo-copy.js'
import { type contributionTypes, donationStatuses, type ShopContext, subscriptionStates } from './demo-model.js'
import type { Person } from './demo-people.js'
import { clampToAnchor, DAY, HOUR, iso, MINUTE, seedAnchorMs } from './demo-time.js'
import type { Prng } from './prng.js'

/** The shop's community: donations, members, the mailing list, thank-yous and the streaming service. */

export function buildDonations(ctx: ShopContext, pickSupporter: (p: Prng) => Person) {
  const { spec, shopId, currency, rows, base } = ctx
  const donationPrng = base.fork('donations')
  const donationStatusPlan = [
    ...donationStatuses.flatMap((s) => (spec.counts.donations >= 20 ? [s, s] : [s])),
    ...Array.from({ length: spec.counts.donations }, () =>
      donationPrng.weighted<(typeof donationStatuses)[number]>([
        ['COMPLETED', 62],
        ['OPEN', 6],
        ['ABANDONED', 12],
        ['CANCELLED', 8],
        ['FAILED', 12],
      ]),
    ),
  ].slice(0, spec.counts.donations)
  for (const status of donationPrng.shuffle(donationStatusPlan)) {
    const person = pickSupporter(donationPrng)
    const ageDays = status === 'OPEN' ? donationPrng.float(0.01, 1.5) : donationPrng.float(0.2, 150)
    const createdMs = Math.round(seedAnchorMs - ageDays * DAY)
    const updatedMs =
      status === 'OPEN'
        ? createdMs
        : status === 'COMPLETED'
          ? createdMs + donationPrng.int(800, 6_000)
          : status === 'ABANDONED'
            ? clampToAnchor(createdMs + HOUR)
            : status === 'FAILED'
              ? createdMs + donationPrng.int(2_000, 20_000)
              : clampToAnchor(createdMs + donationPrng.int(MINUTE, 30 * MINUTE))
    rows.donations.push({
      id: donationPrng.id('donation'),
      shop_id: shopId,
      status,
      email: person.email,
      username: donationPrng.chance(0.8) ? person.username : null,
      message: donationPrng.chance(0.6) ? donationPrng.pick(donationMessages) : null,
      currency,
      total: donationPrng.pick([100, 300, 500, 500, 1000, 1000, 1500, 2000, 2500, 5000, 10000]),
      created_at: iso(createdMs),
      updated_at: iso(updatedMs),
    } satisfies DonationsTable)
  }
  rows.donations.sort((a, b) => (a.created_at < b.created_at ? -1 : 1))
}

export function buildMembers(ctx: ShopContext, people: Person[], tierVariants: MembershipTierVariantsTable[]) {
  const { spec, shopId, rows, base } = ctx
  const memberPrng = base.fork('members')
  const memberStates = [
    ...subscriptionStates,
    ...Array.from({ length: spec.counts.members }, () =>
      memberPrng.weighted<(typeof subscriptionStates)[number]>([
        ['ACTIVE', 55],
        ['CANCELLED', 15],
        ['SUSPENDED', 12],
        ['NONE', 18],
      ]),
    ),
  ].slice(0, spec.counts.members)
  let memberId = spec.memberIdBase
  const memberPeople = memberPrng.sample(people, spec.counts.members)
  const members: MembersTable[] = memberPrng.shuffle(memberStates).map((state, i) => {
    memberId += memberPrng.int(1, 37)
    const person = memberPeople[i]!
    const createdMs = Math.round(seedAnchorMs - memberPrng.float(1, 320) * DAY)
    let variantId: string | null = null
    if (state !== 'NONE') {
      const tier = memberPrng.weighted(spec.tiers.map((_, ti) => [ti, [50, 35, 15][ti] ?? 10] as const))
      const interval = memberPrng.chance(0.75) ? 'MONTHLY' : 'ANNUAL'
      variantId = tierVariants.filter(
        (v) => v.tier_id === rows.membership_tiers[tier]!.id && v.interval === interval,
      )[0]!.id
    }
    return {
      id: String(memberId),
      shop_id: shopId,
      email: person.email,
      nickname: person.username ?? person.firstName,
      subscription_type: state,
      variant_id: variantId,
      created_at: iso(createdMs),
      updated_at: iso(createdMs + memberPrng.float(0, (seedAnchorMs - createdMs) * 0.9)),
    }
  })
  rows.members = members
}

export function buildMailingList(ctx: ShopContext, people: Person[]) {
  const { spec, shopId, rows, base } = ctx
  const mailingPrng = base.fork('mailing-list')
  rows.mailing_list_entries = mailingPrng
    .sample(people, spec.counts.mailingList)
    .map(
      (person): MailingListEntriesTable => ({
        id: mailingPrng.id('mailingListEntry'),
        shop_id: shopId,
        email: person.email,
        created_at: iso(Math.round(seedAnchorMs - mailingPrng.float(0.05, 365) * DAY)),
      }),
    )
    .sort((a, b) => (a.created_at < b.created_at ? -1 : 1))
}

/** Thank-yous for older contributions of every type (donations, gift purchases, memberships, orders). */
export function buildThankYous(ctx: ShopContext) {
  const { spec, shopId, rows, base, publicUrl } = ctx
  const thankPrng = base.fork('thank-yous')
  const thank = (
    type: (typeof contributionTypes)[number],
    contributionId: string,
    contributedMs: number,
    supporter: { email: string; username: string | null; message: string | null },
  ) => {
    const id = thankPrng.id('thankYou')
    const createdMs = Math.max(contributedMs + MINUTE, clampToAnchor(contributedMs + thankPrng.float(0.3, 6) * DAY))
    rows.thank_yous.push({
      id,
      shop_id: shopId,
      media_url: `${publicUrl}/thank-yous/${id}`,
      contribution_type: type,
      contribution_id: contributionId,
      supporter_email: supporter.email,
      supporter_username: supporter.username,
      supporter_message: supporter.message,
      created_at: iso(Math.min(createdMs, seedAnchorMs - 1)),
    } satisfies ThankYousTable)
  }
  const older = <T extends { created_at: string }>(list: T[]) =>
    list.filter((x) => Date.parse(x.created_at) < seedAnchorMs - 2 * DAY)
  const ms = (at: string) => Date.parse(at)
  for (const d of thankPrng.sample(
    older(rows.donations.filter((d) => d.status === 'COMPLETED')),
    spec.counts.thankYous.DONATION,
  )) {
    thank('DONATION', d.id, ms(d.created_at), { email: d.email, username: d.username, message: d.message })
  }
  for (const g of thankPrng.sample(older(rows.gift_purchases), spec.counts.thankYous.GIFT_PURCHASE)) {
    thank('GIFT_PURCHASE', g.id, ms(g.created_at), { email: g.email, username: g.username, message: g.message })
  }
  for (const m of thankPrng.sample(
    older(rows.members.filter((m) => m.subscription_type === 'ACTIVE' || m.subscription_type === 'CANCELLED')),
    spec.counts.thankYous.MEMBERSHIP,
  )) {
    const paidMs = ms(m.created_at)
    thank('MEMBERSHIP', thankPrng.prefixed('mpc_'), paidMs, {
      email: m.email,
      username: m.nickname,
      message: thankPrng.chance(0.5) ? 'Happy to support the stream every month!' : null,
    })
  }
  for (const o of thankPrng.sample(
    older(
      rows.orders.filter((o) => o.source_type === 'ORDER' && (o.status === 'DELIVERED' || o.status === 'COMPLETED')),
    ),
    spec.counts.thankYous.ORDER,
  )) {
    thank('ORDER', o.id, ms(o.created_at), { email: o.email, username: o.username, message: o.message })
  }
  rows.thank_yous.sort((a, b) => (a.created_at < b.created_at ? -1 : 1))
}

export function buildStreamingService(ctx: ShopContext) {
  const { spec, shopId, rows, base } = ctx
  rows.streaming_services.push({
    shop_id: shopId,
    type: 'TWITCH',
    status: 'OFFLINE',
    broadcaster_id: spec.streaming.broadcasterId,
    broadcaster_login: spec.streaming.broadcasterLogin,
    thumbnail_url: null,
    updated_at: iso(seedAnchorMs - 9 * HOUR - base.fork('streaming').int(0, HOUR)),
  } satisfies StreamingServicesTable)
}
