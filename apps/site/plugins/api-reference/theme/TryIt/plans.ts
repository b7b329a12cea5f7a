import { credentialValues } from '../../../../src/reader-context/pick.ts'
import type { TryItOperation, TryItParameter } from '../../lib/tryit-types.ts'

/**
 * What the console sends on first press (unit-tested, pure but for the injected `call`): which
 * reader-context value fills each parameter and body id, which writes make unique, clearly named
 * demo objects ("Try-it 7QX"), which operations first create the object they act on (deletes and
 * other destructive calls never touch the seeded objects the guides' samples use), what a write
 * will change in plain words, and which guide explains an error.
 */

export type Values = Readonly<Record<string, string>>

/** Path/required parameters filled from the reader context, by name (and path for `slug`/`id`). */
export function contextVariable(operation: TryItOperation, parameter: TryItParameter): string | undefined {
  const byName: Record<string, string> = {
    orderId: 'ORDER_ID',
    productId: 'PRODUCT_ID',
    promotionId: 'PROMOTION_ID',
    donationId: 'DONATION_ID',
    drawId: 'DRAW_ID',
    packageId: 'PACKAGE_ID',
    thankYouId: 'THANK_YOU_ID',
    giftPurchaseId: 'GIFT_PURCHASE_ID',
    webhookConfigurationId: 'WEBHOOK_CONFIGURATION_ID',
    webhookEventId: 'WEBHOOK_EVENT_ID',
    friendlyId: 'ORDER_FRIENDLY_ID',
    memberId: 'MEMBER_ID',
    cartId: 'CART_ID',
    shopId: 'SHOP_ID',
  }
  if (parameter.in !== 'path' && !parameter.required) return undefined
  if (parameter.name === 'slug') return operation.path.startsWith('/collections/') ? 'COLLECTION_SLUG' : 'PRODUCT_SLUG'
  if (parameter.name === 'id' && operation.path.startsWith('/giveaways/')) return 'GIVEAWAY_ID'
  return byName[parameter.name]
}

/** A setup the console runs (after confirmation) to create the object an operation acts on. */
export type SetupKind = 'webhookConfiguration' | 'webhookEvent' | 'giveaway' | 'cart'

interface Setup {
  kind: SetupKind
  /** The path parameter it fills. */
  parameter: string
  /** Used even when the context has a value (the operation would spoil a seeded object). */
  always: boolean
  /** Which field of the created object fills the parameter. */
  field: 'id' | 'drawId'
}

const setups: Record<string, Setup> = {
  updateWebhookConfiguration: {
    kind: 'webhookConfiguration',
    parameter: 'webhookConfigurationId',
    always: true,
    field: 'id',
  },
  deleteWebhookConfiguration: {
    kind: 'webhookConfiguration',
    parameter: 'webhookConfigurationId',
    always: true,
    field: 'id',
  },
  getWebhookConfiguration: {
    kind: 'webhookConfiguration',
    parameter: 'webhookConfigurationId',
    always: false,
    field: 'id',
  },
  sendWebhookTestEvent: {
    kind: 'webhookConfiguration',
    parameter: 'webhookConfigurationId',
    always: false,
    field: 'id',
  },
  getWebhookEvent: { kind: 'webhookEvent', parameter: 'webhookEventId', always: false, field: 'id' },
  replayWebhookEvent: { kind: 'webhookEvent', parameter: 'webhookEventId', always: false, field: 'id' },
  getGiftDraw: { kind: 'giveaway', parameter: 'drawId', always: false, field: 'drawId' },
  finishGiftDraw: { kind: 'giveaway', parameter: 'drawId', always: true, field: 'drawId' },
  getGiftPurchase: { kind: 'giveaway', parameter: 'giftPurchaseId', always: false, field: 'id' },
  finishGiveaway: { kind: 'giveaway', parameter: 'id', always: true, field: 'id' },
  changeCartItems: { kind: 'cart', parameter: 'cartId', always: true, field: 'id' },
  removeCartItems: { kind: 'cart', parameter: 'cartId', always: true, field: 'id' },
}

export function setupOf(operationId: string): Setup | undefined {
  return setups[operationId]
}

/** Whether the operation changes something (asks for confirmation first). */
export function isWrite(operation: TryItOperation, setupNeeded: boolean): boolean {
  if (setupNeeded) return true
  if (operation.method === 'GET' || operation.method === 'HEAD') return false
  // OAuth token endpoints exchange or revoke credentials the reader supplies; nothing in the shop.
  return !operation.path.startsWith('/platform/')
}

/** A short random suffix that makes the created objects' names and codes unique ("7QX4"). */
export function uniqueSuffix(random: () => number = Math.random): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  let out = ''
  for (let index = 0; index < 4; index++) out += alphabet[Math.floor(random() * alphabet.length)] ?? 'X'
  return out
}

export interface InitialDraft {
  values: Record<string, string>
  body: string
}

/** The fields as the console opens: required and path parameters, body ids, unique names. */
export function initialDraft(operation: TryItOperation, context: Values | undefined, suffix: string): InitialDraft {
  const setup = setupOf(operation.operationId)
  const values: Record<string, string> = {}
  for (const parameter of operation.parameters) {
    const key = `${parameter.in}:${parameter.name}`
    const variable = contextVariable(operation, parameter)
    const live = variable ? context?.[variable] : undefined
    if (setup && setup.parameter === parameter.name && context && (setup.always || !live)) values[key] = ''
    else if (live) values[key] = live
    else values[key] = parameter.required ? parameter.example : ''
  }
  return { values, body: operation.body ? liveBody(operation, context, suffix) : '' }
}

type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

/** The contract's example body with the demo shop's ids and unique "Try-it" names. */
export function liveBody(operation: TryItOperation, context: Values | undefined, suffix: string): string {
  const example = operation.body?.example ?? ''
  if (!context || !operation.body || !/json/.test(operation.body.mediaType)) return example
  const oauth =
    oauthSetupOf(operation.operationId) && context.FANSHELF_CLIENT_ID ? oauthBody(operation, context) : undefined
  if (oauth) return oauth
  let parsed: JsonValue
  try {
    parsed = JSON.parse(example) as JsonValue
  } catch {
    return example
  }
  const variants = new Map<string, string | undefined>()
  const variantFor = (value: string) => {
    if (!variants.has(value)) {
      const order = ['VARIANT_ID', 'OTHER_VARIANT_ID']
      variants.set(value, context[order[variants.size] ?? ''])
    }
    return variants.get(value) ?? value
  }
  const walk = (value: JsonValue, key?: string): JsonValue => {
    if (Array.isArray(value)) return value.map((item) => walk(item))
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, walk(item, name)]))
    if (typeof value !== 'string') return value
    if (key === 'variantId') return variantFor(value)
    if ((key === 'productId' || key === 'offerId') && context.PRODUCT_ID) return context.PRODUCT_ID
    if (key === 'orderId' && context.ORDER_ID) return context.ORDER_ID
    if (key === 'code' && operation.operationId === 'createPromotion') return `TRYIT${suffix}`
    if ((key === 'title' || key === 'name') && operation.method === 'POST') return `Try-it ${suffix}`
    return value
  }
  return JSON.stringify(walk(parsed), null, 2)
}

/** The request as `call` sends it: method, path from the origin, JSON body; answers status and JSON. */
export type Call = (
  method: string,
  path: string,
  body: unknown,
  auth: 'basic' | 'storefront' | 'none',
) => Promise<{ status: number; json: unknown }>

const field = (value: unknown, name: string): string | undefined => {
  const found = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined
  return typeof found === 'string' ? found : undefined
}

/** Runs a setup; answers the created object's field, or throws with what failed. */
export async function runSetup(
  setup: Setup,
  context: Values,
  suffix: string,
  call: Call,
  origin = 'http://127.0.0.1',
): Promise<string> {
  const check = (what: string, answer: { status: number; json: unknown }, name: string): string => {
    const value = field(answer.json, name)
    if (answer.status >= 300 || !value) {
      throw new Error(
        `Creating ${what} for the request failed (${answer.status} ${field(answer.json, 'code') ?? ''}).`.replace(
          ' )',
          ')',
        ),
      )
    }
    return value
  }
  const createConfiguration = async () =>
    check(
      'a webhook configuration',
      await call(
        'POST',
        '/open-api/v1.0/webhooks',
        { url: `${origin}/try-it-webhook/${suffix}`, allowedTypes: ['ORDER_PLACED'] },
        'basic',
      ),
      'id',
    )
  switch (setup.kind) {
    case 'webhookConfiguration':
      return createConfiguration()
    case 'webhookEvent': {
      const configuration = context.WEBHOOK_CONFIGURATION_ID ?? (await createConfiguration())
      return check(
        'a test event',
        await call(
          'POST',
          `/open-api/v1.0/webhooks/${encodeURIComponent(configuration)}/test`,
          { type: 'ORDER_PLACED' },
          'basic',
        ),
        'id',
      )
    }
    case 'giveaway': {
      if (!context.OFFER_ID) throw new Error('No product to give away was found in the demo shop.')
      return check(
        'a giveaway',
        await call('POST', '/open-api/v1.0/giveaways/giveaways', { offerId: context.OFFER_ID, quantity: 1 }, 'basic'),
        setup.field,
      )
    }
    case 'cart': {
      const items = [context.VARIANT_ID, context.OTHER_VARIANT_ID]
        .filter((id): id is string => !!id)
        .map((variantId) => ({ variantId, quantity: 1 }))
      if (items.length === 0) throw new Error('No purchasable variant was found in the demo shop.')
      return check(
        'a cart',
        await call('POST', '/v1/carts', { items, metadata: { source: `try-it-${suffix}` } }, 'storefront'),
        'id',
      )
    }
  }
}

/**
 * The OAuth token endpoints on a local demo install: the demo platform app the seed connected to
 * the demo shop (client id and secret from the reader context). A code is single-use and lives
 * 120 s, so every press first asks `GET /admin/api/demo-credentials` for a fresh one (issued as
 * the shop's consent would issue it, with the PKCE verifier of its challenge); the revocation
 * first exchanges such a code and then revokes the access token it got.
 */
export type OAuthSetupKind = 'authorizationCode' | 'accessToken'

const oauthSetups: Record<string, OAuthSetupKind> = {
  exchangePlatformToken: 'authorizationCode',
  revokePlatformToken: 'accessToken',
}

export function oauthSetupOf(operationId: string): OAuthSetupKind | undefined {
  return oauthSetups[operationId]
}

/** The token request of the guides' code exchange (client_secret_post: the console sends no Basic header). */
function codeExchange(values: Values): Record<string, string> {
  return {
    grant_type: 'authorization_code',
    code: values.CODE ?? '',
    redirect_uri: values.REDIRECT_URI ?? '',
    code_verifier: values.CODE_VERIFIER ?? '',
    client_id: values.FANSHELF_CLIENT_ID ?? '',
    client_secret: values.FANSHELF_CLIENT_SECRET ?? '',
  }
}

function oauthBody(operation: TryItOperation, context: Values): string | undefined {
  switch (oauthSetupOf(operation.operationId)) {
    case 'authorizationCode':
      return JSON.stringify(codeExchange(context), null, 2)
    case 'accessToken':
      return JSON.stringify(
        {
          token: '',
          token_type_hint: 'access_token',
          client_id: context.FANSHELF_CLIENT_ID ?? '',
          client_secret: context.FANSHELF_CLIENT_SECRET ?? '',
        },
        null,
        2,
      )
    default:
      return undefined
  }
}

/** Runs an OAuth setup: answers the body to send (a fresh code, or the access token to revoke). */
export async function runOAuthSetup(kind: OAuthSetupKind, body: string, call: Call): Promise<string> {
  const demo = await call('GET', '/admin/api/demo-credentials', undefined, 'none')
  const fresh = demo.status === 200 ? credentialValues(demo.json) : {}
  if (!fresh.CODE) {
    throw new Error(
      `This server handed out no authorization code for the demo platform app (${demo.status}): it is only offered on a local demo install while the app is active and connected to the demo shop.`,
    )
  }
  let current: Record<string, unknown> = {}
  try {
    const parsed = JSON.parse(body) as unknown
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      current = parsed as Record<string, unknown>
  } catch {
    // Not JSON (the reader's own edit is not what this setup fills): start from the exchange alone.
  }
  const exchange = codeExchange(fresh)
  if (kind === 'authorizationCode') return JSON.stringify({ ...current, ...exchange }, null, 2)
  const tokens = await call('POST', '/open-api/v1.0/platform/token', exchange, 'none')
  const accessToken = field(tokens.json, 'access_token')
  if (tokens.status >= 300 || !accessToken) {
    throw new Error(
      `Exchanging a code for a token to revoke failed (${tokens.status} ${field(tokens.json, 'error') ?? ''}).`.replace(
        ' )',
        ')',
      ),
    )
  }
  return JSON.stringify(
    {
      ...current,
      token: accessToken,
      token_type_hint: 'access_token',
      client_id: exchange.client_id,
      client_secret: exchange.client_secret,
    },
    null,
    2,
  )
}

/** What an OAuth setup and the request after it do, in plain words (the confirmation). */
export function describeOAuthSetup(kind: OAuthSetupKind, context: Values): string {
  const app = `the demo platform app ${context.FANSHELF_CLIENT_ID ?? ''}`.trimEnd()
  const shop = shopName(context)
  const code = `First creates a fresh single-use authorization code of ${app} for ${shop}, as its super-admin's consent does`
  return kind === 'authorizationCode'
    ? `${code}. Then exchanges it: creates an access token and a refresh token of the app for ${shop}.`
    : `${code}, and exchanges it for an access token. Then revokes that access token: it stops working at once.`
}

/** What a setup creates, in plain words. */
export function describeSetup(setup: Setup, context: Values, suffix: string): string {
  switch (setup.kind) {
    case 'webhookConfiguration':
      return `First creates a webhook configuration for ORDER_PLACED at this server's /try-it-webhook/${suffix} (so no configuration your samples use is touched).`
    case 'webhookEvent':
      return context.WEBHOOK_CONFIGURATION_ID
        ? `First queues a test ORDER_PLACED event for webhook configuration ${context.WEBHOOK_CONFIGURATION_ID}.`
        : `First creates a webhook configuration at this server's /try-it-webhook/${suffix} and queues a test ORDER_PLACED event for it.`
    case 'giveaway':
      return `First creates a giveaway of 1 × product ${context.OFFER_ID ?? ''} (its draw opens for an hour).`
    case 'cart':
      return 'First creates a new storefront cart with the demo variants in it (your CART_ID cart is not touched).'
  }
}

const shopName = (context: Values | undefined) =>
  context?.SHOP_NAME ? `shop ${context.SHOP_NAME}` : context?.SHOP_ID ? `shop ${context.SHOP_ID}` : 'the shop'

function bodyField(body: string, name: string): string | undefined {
  try {
    return field(JSON.parse(body), name)
  } catch {
    return undefined
  }
}

/** What sending will change, in plain words (for the confirmation step). */
export function describeChange(
  operation: TryItOperation,
  values: Record<string, string>,
  body: string,
  context: Values | undefined,
): string {
  const shop = shopName(context)
  const value = (name: string) => {
    const parameter = operation.parameters.find((candidate) => candidate.name === name)
    return parameter ? values[`${parameter.in}:${parameter.name}`] || '(created first)' : ''
  }
  switch (operation.operationId) {
    case 'createPromotion':
      return `Creates a promotion “${bodyField(body, 'title') ?? ''}” (code ${bodyField(body, 'code') ?? ''}) in ${shop}.`
    case 'createWebhookConfiguration':
      return `Subscribes ${bodyField(body, 'url') ?? 'the URL in the body'} to webhook events of ${shop} (a new configuration).`
    case 'updateWebhookConfiguration':
      return `Changes the URL and event types of webhook configuration ${value('webhookConfigurationId')} in ${shop}.`
    case 'deleteWebhookConfiguration':
      return `Deletes webhook configuration ${value('webhookConfigurationId')} of ${shop}.`
    case 'createFulfillment':
      return `Records a shipment (fulfilment) for order ${bodyField(body, 'orderId') ?? ''} of ${shop}; the order's status follows.`
    case 'markOrderDownloaded':
      return `Marks the downloads of order ${value('orderId')} of ${shop} as downloaded.`
    case 'setProductAvailability':
      return `Sets the availability of product ${value('productId')} of ${shop} as in the body.`
    case 'createGiveawayLinks':
      return `Creates a package of giveaway links for product ${bodyField(body, 'productId') ?? ''} in ${shop}.`
    case 'createGiveaway':
      return `Creates a giveaway of product ${bodyField(body, 'offerId') ?? ''} paid by ${shop}; its draw opens for an hour.`
    case 'finishGiveaway':
    case 'finishGiftDraw':
      return `Finishes the draw of a giveaway ${operation.operationId === 'finishGiveaway' ? value('id') : value('drawId')} of ${shop} and picks its winners from the participants in the body.`
    case 'startStreaming':
      return `Sets the streaming services in the body ONLINE for ${shop}.`
    case 'endStreaming':
      return `Sets the streaming services in the body OFFLINE for ${shop}.`
    case 'getOrCreatePublicToken':
      return `Creates ${shop}'s storefront token if it has none (an existing one is answered unchanged).`
    case 'sendWebhookTestEvent':
      return `Queues a test event (testMode) for webhook configuration ${value('webhookConfigurationId')} of ${shop}; it is delivered to its URL.`
    case 'replayWebhookEvent':
      return `Delivers webhook event ${value('webhookEventId')} of ${shop} again.`
    case 'createCart':
      return 'Creates a new storefront cart with the items in the body.'
    case 'addCartItems':
      return `Adds the items in the body to cart ${value('cartId')}.`
    case 'changeCartItems':
      return `Changes the quantities in cart ${value('cartId')} as in the body.`
    case 'removeCartItems':
      return `Removes the items in the body from cart ${value('cartId')}.`
    default:
      return `${operation.summary}: ${operation.method} ${operation.path} in ${shop}.`
  }
}

/** The guide section that explains an error answer (anchors of the reference pages' introductions). */
export function errorGuide(operation: TryItOperation, status: number, code?: string): { href: string; label: string } {
  const storefront = operation.basePath === '/v1'
  if (storefront) {
    if (status === 401 || status === 403)
      return {
        href: '/storefront-api/#authentication-the-storefront-token',
        label: 'Authentication: the storefront token',
      }
    if (code?.startsWith('IDEMPOTENCY'))
      return { href: '/storefront-api/#idempotent-cart-writes', label: 'Idempotent cart writes' }
    return { href: '/storefront-api/#errors', label: 'Errors' }
  }
  if (status === 401 || status === 403) return { href: '/open-api/#authentication', label: 'Authentication' }
  if (status === 429) return { href: '/open-api/#rate-limits', label: 'Rate limits' }
  if (code?.startsWith('IDEMPOTENCY')) return { href: '/open-api/#idempotent-requests', label: 'Idempotent requests' }
  return { href: '/open-api/#errors', label: 'Errors' }
}

/** An error answer's problem body (`{code, message, details}`), when it is one. */
export function problemOf(text: string): { code?: string; message?: string; details?: unknown } | undefined {
  try {
    const parsed = JSON.parse(text) as unknown
    if (typeof parsed !== 'object' || parsed === null) return undefined
    const record = parsed as Record<string, unknown>
    const code =
      typeof record.code === 'string' ? record.code : typeof record.error === 'string' ? record.error : undefined
    const message =
      typeof record.message === 'string'
        ? record.message
        : typeof record.error_description === 'string'
          ? record.error_description
          : undefined
    if (code === undefined && message === undefined) return undefined
    return {
      ...(code !== undefined ? { code } : {}),
      ...(message !== undefined ? { message } : {}),
      ...(record.details !== undefined ? { details: record.details } : {}),
    }
  } catch {
    return undefined
  }
}

/**
 * Reads done as the console opens, for bodies no single context value fills: a fulfilment needs
 * an order that still has unshipped lines — a confirmed order other than ORDER_ID (which the
 * samples read), with all its lines. Answers the body, or undefined to keep the current one.
 */
export async function prepareBody(
  operation: TryItOperation,
  context: Values,
  suffix: string,
  call: Call,
): Promise<string | undefined> {
  if (operation.operationId !== 'createFulfillment') return undefined
  const answer = await call('GET', '/open-api/v1.0/order?status=CONFIRMED&size=100', undefined, 'basic')
  const page = answer.json as { results?: unknown } | undefined
  const orders =
    answer.status === 200 && Array.isArray(page?.results) ? (page.results as Record<string, unknown>[]) : []
  for (const order of orders) {
    if (order.id === context.ORDER_ID || typeof order.id !== 'string') continue
    const offers = Array.isArray(order.offers) ? (order.offers as Array<{ variant?: Record<string, unknown> }>) : []
    const items = offers.map((offer) => offer.variant)
    // Physical lines only (a digital product is delivered by download, not shipped).
    if (items.length === 0 || items.some((variant) => !variant || typeof variant.id !== 'string' || !variant.weight))
      continue
    return JSON.stringify(
      {
        orderId: order.id,
        items: items.map((variant) => ({ variantId: variant?.id, quantity: variant?.quantity })),
        shippingLabel: { trackingNumber: `TRYIT${suffix}`, trackingCompany: 'UPS' },
      },
      null,
      2,
    )
  }
  return undefined
}
