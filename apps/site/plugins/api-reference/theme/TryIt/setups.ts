import { type Call, field, type Values } from './plan-inputs.ts'

/** A setup the console runs (after confirmation) to create the object an operation acts on. */
export type SetupKind = 'webhookConfiguration' | 'webhookEvent' | 'giveaway' | 'cart'

export interface Setup {
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
