import type { TryItOperation } from '../../lib/tryit-types.ts'
import { bodyField, shopName, type Values } from './plan-inputs.ts'

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
