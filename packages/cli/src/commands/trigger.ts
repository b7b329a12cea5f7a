import { randomBytes } from 'node:crypto'
import {
  approvedTestCard,
  createServices,
  loadConfig,
  migrateToLatest,
  openDatabase,
  parseCheckoutForm,
  readDemoCredentials,
  runningServerOrigin,
  type Services,
  sharedContract,
  systemClock,
  type WebhookEventType,
  webhookEventTypes,
} from '@fanshelf/api'
import { type Command, parseOptions, printJson, UsageError } from '../command.js'
import { listenerPath } from './listen.js'

/** What an action needs: the domain services on the configured database, the shop, the public URL. */
interface TriggerContext {
  services: Services
  shopId: string
  currency: string
  publicUrl: string
  /** `--app`: the connected app PLATFORM_APP_DISCONNECTED disconnects. */
  appId: string | undefined
}

/** What an action did, in a sentence or two, and the ids it produced. */
interface ActionResult {
  summary: string
  details: Record<string, unknown>
}

interface TriggerAction {
  /** What `trigger` does for the type (the usage text lists it). */
  does: string
  run(context: TriggerContext): Promise<ActionResult>
}

/** A recorded event and the deliveries it fanned out to (one per subscribed configuration). */
export interface TriggeredEvent {
  id: string
  type: string
  createdAt: string
  deliveryIds: string[]
}

/** `fanshelf trigger --json` output. */
export interface TriggerReport {
  type: WebhookEventType
  shopId: string
  summary: string
  details: Record<string, unknown>
  events: TriggeredEvent[]
}

const suffix = () => randomBytes(4).toString('hex').toUpperCase()
const supporterEmail = (kind: string) => `${kind}.${suffix().toLowerCase()}@example.com`

/** The shop's first variant a shopper can buy now: public, available, in stock. */
async function findSellableVariant({ services, shopId }: TriggerContext) {
  const variant = await services.db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.name', 'v.weight', 'v.dimensions', 'p.id as productId', 'p.name as productName', 'p.images'])
    .where('p.shop_id', '=', shopId)
    .where('p.access', '=', 'PUBLIC')
    .where('p.state', '=', 'AVAILABLE')
    .where((eb) => eb.or([eb('v.stock_type', '=', 'UNLIMITED'), eb('v.in_stock', '>=', 1)]))
    .orderBy('p.created_at')
    .orderBy('p.id')
    .orderBy('v.position')
    .limit(1)
    .executeTakeFirst()
  if (!variant) throw new Error(`Shop ${shopId} has no product in stock to order or give.`)
  return variant
}

/** Places an order of one unit through the hosted checkout's service: a cart, the form, the test card. */
async function placeOrder(context: TriggerContext, promotionCode = '') {
  const { services, shopId } = context
  const variant = await findSellableVariant(context)
  const cart = await services.storefront.carts.createCart(shopId, { items: [{ variantId: variant.id, quantity: 1 }] })
  const name = 'Riley Fan'
  const form = parseCheckoutForm({
    cartId: cart.id,
    email: supporterEmail('riley'),
    'shipping.name': name,
    'shipping.address1': '350 Fifth Avenue',
    'shipping.city': 'New York',
    'shipping.state': 'NY',
    'shipping.zip': '10118',
    'shipping.country': 'US',
    billingSameAsShipping: 'on',
    promotionCode,
    'card.number': approvedTestCard,
    'card.expiry': `12/${(new Date().getUTCFullYear() + 3) % 100}`,
    'card.cvc': '123',
    'card.name': name,
  })
  const placed = await services.checkout.placeOrder(form)
  return { ...placed, variant }
}

/** The shop's first product that can be given: public and available (gift-offers.ts). */
async function findGiftableProduct(context: TriggerContext) {
  const variant = await findSellableVariant(context)
  return { id: variant.productId, name: variant.productName }
}

async function purchaseGift(context: TriggerContext, quantity: number) {
  const product = await findGiftableProduct(context)
  const result = await context.services.gifting.purchaseGift(context.shopId, {
    productId: product.id,
    quantity,
    email: supporterEmail('gifter'),
    username: 'generous_viewer',
    message: 'Gifts for chat! (fanshelf trigger)',
  })
  return { ...result, product }
}

/** A gift purchase with an open draw: opened by the purchase when the shop is live, else by a redo. */
async function openDraw(context: TriggerContext) {
  const { purchase, draw, product } = await purchaseGift(context, 2)
  const opened = draw ?? (await context.services.gifting.redoDraw(context.shopId, purchase.id))
  return { purchase, draw: opened, product }
}

const fakeParticipants = [
  { service: 'TWITCH', userId: '41001', userName: 'chat_regular' },
  { service: 'TWITCH', userId: '41002', userName: 'lurker_lucy' },
  { service: 'TWITCH', userId: '41003', userName: 'emote_spammer' },
]

async function findTierVariants({ services, shopId }: TriggerContext) {
  const variants = (await services.memberships.listTiers(shopId)).flatMap((tier) => tier.variants)
  if (variants.length === 0) throw new Error(`Shop ${shopId} has no membership tiers.`)
  return variants
}

async function purchaseSubscription(context: TriggerContext) {
  const [variant] = await findTierVariants(context)
  return context.services.memberships.purchaseSubscription(context.shopId, {
    email: supporterEmail('member'),
    nickname: `member_${suffix().toLowerCase()}`,
    variantId: (variant as { id: string }).id,
  })
}

/** A member whose subscription is one of `types` (the first type found first); none → undefined. */
async function findMemberWith({ services, shopId }: TriggerContext, types: ('ACTIVE' | 'CANCELLED' | 'SUSPENDED')[]) {
  for (const type of types) {
    const member = await services.db
      .selectFrom('members')
      .select('id')
      .where('shop_id', '=', shopId)
      .where('subscription_type', '=', type)
      .orderBy('updated_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst()
    if (member) return member.id
  }
  return undefined
}

type PromotionRequest = Parameters<Services['promotions']['createPromotion']>[1]

function createPromotion({ services, shopId }: TriggerContext, request: PromotionRequest) {
  return services.promotions.createPromotion(shopId, request)
}

const tenPercentOff = { type: 'PERCENTAGE', percentage: 10, shippingOption: 'Excluded' } as const

/** The CLI's own platform app, registered once and reused (PLATFORM_APP_DISCONNECTED). */
const triggerAppName = 'Fanshelf CLI trigger'
const triggerAppRedirectUri = 'http://127.0.0.1/fanshelf-trigger'

async function findShopAdmin({ services, shopId }: TriggerContext) {
  const admin = await services.db
    .selectFrom('admin_users')
    .select('id')
    .where('shop_id', '=', shopId)
    .orderBy('role', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  if (!admin) throw new Error(`Shop ${shopId} has no admin user to connect an app with.`)
  return { shopId, adminUserId: admin.id }
}

/**
 * The URLs of `fanshelf listen`'s configurations of the shop that subscribe to
 * PLATFORM_APP_DISCONNECTED. The event only ever goes to the disconnected app's own
 * configurations, so trigger gives the app one at each of these URLs before disconnecting it.
 */
async function findListeningUrls({ services, shopId }: TriggerContext): Promise<string[]> {
  const rows = await services.db
    .selectFrom('webhook_configurations')
    .select(['url', 'allowed_types'])
    .where('shop_id', '=', shopId)
    .where('app_id', 'is', null)
    .where('enabled', '=', 1)
    .orderBy('created_at')
    .execute()
  const urls = rows
    .filter((row) => (JSON.parse(row.allowed_types) as string[]).includes('PLATFORM_APP_DISCONNECTED'))
    .map((row) => row.url)
    .filter((url) => new URL(url).pathname === listenerPath)
  return [...new Set(urls)]
}

async function connectTriggerApp(context: TriggerContext): Promise<string> {
  const { services, shopId } = context
  const apps = services.platformApps
  const existing = (await apps.list()).find((app) => app.name === triggerAppName && app.status === 'ACTIVE')
  const appId =
    existing?.id ??
    (await apps.register({ name: triggerAppName, redirectUris: [triggerAppRedirectUri], scopes: ['webhook_read'] }))
      .clientId
  const connected = await services.platformGrants.listConnections(shopId)
  if (!connected.some((connection) => connection.appId === appId)) {
    const app = await apps.findApp(appId)
    if (!app) throw new Error(`The platform app ${appId} vanished while connecting it.`)
    await services.platformGrants.approve(await findShopAdmin(context), app, {
      redirectUri: triggerAppRedirectUri,
      state: 'fanshelf-trigger',
    })
  }
  return appId
}

/**
 * What `trigger` does for each event type: the real action through the domain services, which
 * record the event in the transaction of the change (so it is as genuine as one from the API).
 */
export const triggerActions: Record<WebhookEventType, TriggerAction> = {
  ORDER_PLACED: {
    does: 'places an order (one unit, the test card) through the checkout service',
    async run(context) {
      const order = await placeOrder(context)
      return {
        summary: `Placed order ${order.friendlyId} (${order.orderId}): 1 × ${order.variant.productName} (${order.variant.name}), paid with the test card ${approvedTestCard}.`,
        details: { orderId: order.orderId, friendlyId: order.friendlyId },
      }
    },
  },
  ORDER_UPDATED: {
    does: 'fulfils a CONFIRMED order in full (places one if none is waiting)',
    async run(context) {
      const { services, shopId } = context
      const waiting = await services.db
        .selectFrom('orders')
        .select(['id', 'friendly_id', 'status'])
        .where('shop_id', '=', shopId)
        .where('status', '=', 'CONFIRMED')
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst()
      const order = waiting ?? {
        id: (await placeOrder(context)).orderId,
        status: 'CONFIRMED',
      }
      const lines = await services.db
        .selectFrom('order_lines')
        .select(['variant_id', 'quantity'])
        .where('order_id', '=', order.id)
        .orderBy('position')
        .execute()
      const shippingLabel = { trackingNumber: `1ZFS${suffix()}`, trackingCompany: 'UPS' }
      const fulfillment = await services.fulfillments.createFulfillment(shopId, {
        orderId: order.id,
        items: lines.map((line) => ({ variantId: line.variant_id, quantity: line.quantity })),
        shippingLabel,
      })
      const after = await services.orders.getOrder(shopId, order.id)
      return {
        summary:
          `Shipped order ${after.friendlyId} (${order.id}) with fulfilment ${fulfillment.fulfillmentId} ` +
          `(UPS ${shippingLabel.trackingNumber}): ${order.status} → ${after.status}. ` +
          `Move its tracker on with: fanshelf tracker advance ${fulfillment.fulfillmentId}`,
        details: { orderId: order.id, fulfillmentId: fulfillment.fulfillmentId, status: after.status },
      }
    },
  },
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
      const open = await services.db
        .selectFrom('gift_draws')
        .select('id')
        .where('shop_id', '=', shopId)
        .where('finished_at', 'is', null)
        .where('ends_at', '>', new Date(systemClock.now()).toISOString())
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst()
      const drawId = open?.id ?? (await openDraw(context)).draw.id
      const finished = await services.gifting.finishDraw(shopId, drawId, fakeParticipants)
      const winners = finished.gifts.flatMap((gift) => (gift.winner ? [gift.winner.username] : []))
      return {
        summary: `Finished draw ${drawId}: ${winners.length > 0 ? `won by ${winners.join(', ')}` : 'no winners'}.`,
        details: { drawId, winners },
      }
    },
  },
  PRODUCT_CREATED: {
    does: 'creates a hidden product with one variant, as the admin does',
    async run(context) {
      const { services, shopId, currency } = context
      const model = await findSellableVariant(context)
      const code = suffix()
      const product = await services.productAdmin.createProduct(shopId, {
        name: `Trigger Tee ${code}`,
        slug: `trigger-tee-${code.toLowerCase()}`,
        description: 'A product created by fanshelf trigger PRODUCT_CREATED.',
        access: { type: 'HIDDEN' },
        state: { type: 'AVAILABLE' },
        images: JSON.parse(model.images),
        variants: [
          {
            name: 'One size',
            sku: `TRIG-${code}`,
            unitPrice: { value: 25, currency },
            compareAtPrice: null,
            unitCost: { value: 9, currency },
            attributes: { description: 'One size', color: null, size: null },
            stock: { type: 'LIMITED', inStock: 10 },
            weight: JSON.parse(model.weight),
            dimensions: JSON.parse(model.dimensions),
          },
        ],
      })
      return {
        summary: `Created hidden product ${product.name} (${product.id}).`,
        details: { productId: product.id },
      }
    },
  },
  PRODUCT_UPDATED: {
    does: 'marks a product SOLD_OUT, then AVAILABLE again (two events)',
    async run(context) {
      const { services, shopId } = context
      const { productId, productName } = await findSellableVariant(context)
      await services.products.setProductAvailability(shopId, productId, false)
      await services.products.setProductAvailability(shopId, productId, true)
      return {
        summary: `Marked ${productName} (${productId}) SOLD_OUT, then AVAILABLE again.`,
        details: { productId },
      }
    },
  },
  DONATION: {
    does: 'receives a completed donation of 5 in the shop’s currency',
    async run({ services, shopId, currency }) {
      const donation = await services.donations.receiveDonation(shopId, {
        email: supporterEmail('donor'),
        username: 'kind_donor',
        message: 'Keep the streams coming! (fanshelf trigger)',
        amount: { value: 5, currency },
      })
      return {
        summary: `Received donation ${donation.id} of 5.00 ${currency}.`,
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
      const memberId = (await findMemberWith(context, ['ACTIVE'])) ?? (await purchaseSubscription(context)).id
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
        (await findMemberWith(context, ['CANCELLED', 'SUSPENDED', 'ACTIVE'])) ??
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
    async run({ services, shopId, currency, publicUrl }) {
      const unthanked = await services.db
        .selectFrom('donations as d')
        .leftJoin('thank_yous as t', (join) =>
          join.onRef('t.contribution_id', '=', 'd.id').on('t.contribution_type', '=', 'DONATION'),
        )
        .select('d.id')
        .where('d.shop_id', '=', shopId)
        .where('d.status', '=', 'COMPLETED')
        .where('t.id', 'is', null)
        .orderBy('d.created_at', 'desc')
        .limit(1)
        .executeTakeFirst()
      const donationId =
        unthanked?.id ??
        (
          await services.donations.receiveDonation(shopId, {
            email: supporterEmail('donor'),
            amount: { value: 5, currency },
          })
        ).id
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
  PROMOTION_CREATED: {
    does: 'creates a 10 % off promotion with one code',
    async run(context) {
      const code = `TRIGGER${suffix()}`
      const promotion = await createPromotion(context, {
        type: 'SHOP_SINGLE',
        code,
        title: 'fanshelf trigger: 10 % off',
        discount: tenPercentOff,
      })
      return {
        summary: `Created promotion ${promotion.id} with code ${code} (10 % off).`,
        details: { promotionId: promotion.id, code },
      }
    },
  },
  PROMOTION_UPDATED: {
    does: 'creates a two-code promotion; an order uses up one code',
    async run(context) {
      const codes = [`TRIGGERA${suffix()}`, `TRIGGERB${suffix()}`]
      const promotion = await createPromotion(context, {
        type: 'SHOP_MULTI',
        codes,
        title: 'fanshelf trigger: one use per code',
        discount: tenPercentOff,
        limits: { maximumUsesNumber: 1, oneUsePerCustomer: false },
      })
      const order = await placeOrder(context, codes[0])
      return {
        summary: `Created promotion ${promotion.id} (codes ${codes.join(', ')}, one use each); order ${order.friendlyId} used up ${codes[0]}.`,
        details: { promotionId: promotion.id, orderId: order.orderId, codes },
      }
    },
  },
  PROMOTION_STATUS_CHANGED: {
    does: 'creates a promotion, then ends it (Live → Ended)',
    async run(context) {
      const code = `TRIGGER${suffix()}`
      const created = await createPromotion(context, {
        type: 'SHOP_SINGLE',
        code,
        title: 'fanshelf trigger: ended at once',
        discount: tenPercentOff,
      })
      const ended = await context.services.promotions.changePromotionStatus(context.shopId, created.id, 'end')
      return {
        summary: `Created promotion ${created.id} (code ${code}) and ended it: ${created.status} → ${ended.status}.`,
        details: { promotionId: created.id },
      }
    },
  },
  PLATFORM_APP_DISCONNECTED: {
    does: 'connects the CLI’s own platform app (or --app), then disconnects it',
    async run(context) {
      const { services, shopId } = context
      let appId = context.appId
      if (appId === undefined) appId = await connectTriggerApp(context)
      else if (!(await services.platformGrants.listConnections(shopId)).some((c) => c.appId === appId)) {
        throw new Error(`The app ${appId} is not connected to shop ${shopId}.`)
      }
      const urls = await findListeningUrls(context)
      for (const url of urls) {
        await services.webhookConfigurations.createConfiguration(
          { shopId, appId },
          { url, allowedTypes: ['PLATFORM_APP_DISCONNECTED'] },
        )
      }
      await services.platformGrants.disconnect(await findShopAdmin(context), appId)
      const appKey = await services.platformApps.appKeys.keyFor(appId)
      return {
        summary:
          `Disconnected platform app ${appId} from the shop` +
          (urls.length > 0 ? ` (its webhooks included ${urls.join(', ')}).` : '.') +
          `\n  Its deliveries are signed with the app's HMAC key (X-Fourthwall-Hmac-Apps-SHA256): ${appKey}`,
        details: { appId, appWebhookHmacKey: appKey, forwardedTo: urls },
      }
    },
  },
}

function describeSubscription(subscription: {
  type: string
  variant?: { interval: string; amount: { value: number; currency: string } }
}): string {
  const { variant } = subscription
  return variant
    ? `${subscription.type} ${variant.interval} ${variant.amount.value} ${variant.amount.currency}`
    : subscription.type
}

function isEventType(value: string): value is WebhookEventType {
  return (webhookEventTypes as readonly string[]).includes(value)
}

/** The events of the shop recorded since `since`, each with its deliveries. */
async function eventsSince(services: Services, shopId: string, since: string): Promise<TriggeredEvent[]> {
  const events = await services.db
    .selectFrom('events')
    .select(['id', 'type', 'created_at'])
    .where('shop_id', '=', shopId)
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  if (events.length === 0) return []
  const deliveries = await services.db
    .selectFrom('webhook_events')
    .select(['id', 'event_id'])
    .where(
      'event_id',
      'in',
      events.map((event) => event.id),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return events.map((event) => ({
    id: event.id,
    type: event.type,
    createdAt: event.created_at,
    deliveryIds: deliveries.filter((d) => d.event_id === event.id).map((d) => d.id),
  }))
}

function formatReport(report: TriggerReport): string {
  const width = Math.max(...report.events.map((event) => event.type.length))
  const lines = [`${report.type} in shop ${report.shopId}`, `  ${report.summary}`, 'Events recorded:']
  for (const event of report.events) {
    const deliveries =
      event.deliveryIds.length === 0
        ? 'no delivery (no enabled webhook configuration subscribes to it)'
        : `${event.deliveryIds.length} ${event.deliveryIds.length === 1 ? 'delivery' : 'deliveries'}: ${event.deliveryIds.join(' ')}`
    lines.push(`  ${event.id}  ${event.type.padEnd(width)}  → ${deliveries}`)
  }
  lines.push('The running server’s worker sends the deliveries; fanshelf listen shows them as they arrive.', '')
  return lines.join('\n')
}

async function defaultShopId(services: Services, dataDir: string): Promise<string | undefined> {
  const demo = readDemoCredentials(dataDir)?.shops[0]?.id
  if (demo) return demo
  const first = await services.db
    .selectFrom('shops')
    .select('id')
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst()
  return first?.id
}

const typeWidth = Math.max(...webhookEventTypes.map((type) => type.length))

const usage = [
  'Usage: fanshelf trigger <EVENT_TYPE> [--shop <shopId>] [--app <clientId>] [--json]',
  '',
  'Performs the real action behind a webhook event type through the domain services, on the',
  'database named by DATABASE_URL (default DATA_DIR/fanshelf.sqlite), so the event is genuine:',
  'recorded in the transaction of the change and delivered by the running server’s worker to',
  'every enabled webhook configuration of the shop subscribed to it (e.g. fanshelf listen’s).',
  'Prints what it did and the events it recorded, with their deliveries.',
  '',
  'Event types:',
  ...webhookEventTypes.map((type) => `  ${type.padEnd(typeWidth)}  ${triggerActions[type].does}`),
  '',
  'Links in payloads (redeemUri, mediaUrl, …) use the origin of the server running on DATA_DIR',
  '(DATA_DIR/server.json, written at its start), else PUBLIC_URL or http://HOST:PORT.',
  '',
  'PLATFORM_APP_DISCONNECTED only goes to the app’s own webhook configurations, so trigger first',
  'gives the app one at each fanshelf listen URL of the shop (signed with the app’s HMAC key,',
  'which trigger prints). An action needing data the shop lacks (a CONFIRMED order, an active',
  'member, an open draw, …) creates it first, recording that event too.',
  '',
  '  --shop <id>      the shop (sh_…); default: the demo shop (fanshelf demo-credentials)',
  '  --app <clientId> PLATFORM_APP_DISCONNECTED only: disconnect this connected app instead',
  '  --json           print {type, shopId, summary, details, events: [{id, type, createdAt,',
  '                   deliveryIds}]}',
].join('\n')

/**
 * `fanshelf trigger <EVENT_TYPE> [--shop <id>] [--json]` — makes a webhook event happen for real
 * (an order placed, a donation received, a promotion ended, an app disconnected, …) so that a
 * receiver can be tested end to end; `fanshelf listen` shows the deliveries.
 *
 * @example
 * fanshelf trigger ORDER_PLACED
 * fanshelf trigger DONATION --shop sh_6b0e6f3a-2f4c-4a8e-9d1b-7c5e2a9f4d10 --json
 */
export const triggerCommand: Command = {
  name: 'trigger',
  summary: 'Make a webhook event happen for real (places an order, receives a donation, …)',
  usage,
  async run(args, io) {
    const { values, positionals } = parseOptions(args, {
      shop: { type: 'string' },
      app: { type: 'string' },
      json: { type: 'boolean', default: false },
    })
    const [requested, ...extra] = positionals
    if (!requested) throw new UsageError(`the event type is required: one of ${webhookEventTypes.join(', ')}`)
    if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`)
    const type = requested.toUpperCase()
    if (!isEventType(type)) {
      throw new UsageError(`unknown event type "${requested}"; the types are ${webhookEventTypes.join(', ')}`)
    }
    if (values.app !== undefined && type !== 'PLATFORM_APP_DISCONNECTED') {
      throw new UsageError('--app only applies to PLATFORM_APP_DISCONNECTED')
    }

    // The links an action writes into payloads (redeem pages, thank-you media) point at the server
    // working on this data, as it recorded at its start: `PORT=4100 npm start` needs no PORT here.
    const local = loadConfig()
    const config = loadConfig({ publicUrl: runningServerOrigin(local) })
    const database = openDatabase(config.databaseUrl)
    let services: Services | undefined
    try {
      await migrateToLatest(database.db)
      const contract = await sharedContract(config)
      services = createServices({ config, clock: systemClock, database, contract })
      const shopId = values.shop ?? (await defaultShopId(services, config.dataDir))
      if (!shopId) {
        io.err('fanshelf trigger: there is no shop yet: run fanshelf seed (or npm start) first.\n')
        return 1
      }
      const shop = await services.db.selectFrom('shops').select('currency').where('id', '=', shopId).executeTakeFirst()
      if (!shop) {
        io.err(`fanshelf trigger: shop ${shopId} does not exist (see fanshelf demo-credentials).\n`)
        return 1
      }
      const since = new Date(systemClock.now()).toISOString()
      let result: ActionResult
      try {
        result = await triggerActions[type].run({
          services,
          shopId,
          currency: shop.currency,
          publicUrl: config.publicUrl,
          appId: values.app,
        })
      } catch (error) {
        const code = (error as { code?: unknown }).code
        if (typeof code === 'string' && /^[A-Z_]+$/.test(code)) {
          io.err(`fanshelf trigger: ${(error as Error).message} (${code})\n`)
          return 1
        }
        throw error
      }
      const report: TriggerReport = {
        type,
        shopId,
        ...result,
        events: await eventsSince(services, shopId, since),
      }
      if (values.json) printJson(io, report)
      else io.out(formatReport(report))
      if (!report.events.some((event) => event.type === type)) {
        io.err(`fanshelf trigger: the action recorded no ${type} event.\n`)
        return 1
      }
      return 0
    } finally {
      await services?.close()
      await database.close()
    }
  },
}
