import { validationError } from '../../errors/domain-error.js'
import { maxDrawDurationSeconds, maxGiftsPerPurchase, minDrawDurationSeconds } from './draw-policy.js'

/** A gift purchase as the checkout hands it over (amounts in minor units of the variant's currency). */
export interface GiftPurchaseRequest {
  productId: string
  /** The variant whose price the gifter paid; the product's first variant when absent. */
  variantId?: string
  quantity: number
  email: string
  username?: string | null
  message?: string | null
  /** Tax the checkout charged; the gift-pricing rule when absent. */
  tax?: number
  /** Shipping prepaid for the winners; the gift-pricing rule when absent. */
  prepaidShipping?: number
  /** Entry window of the draw opened when the shop is live (default 60 s). */
  drawDurationSeconds?: number
}

/** A draw's entry window in whole seconds within the policy's bounds (400 naming `field`). */
export function assertDrawDuration(durationSeconds: number, field: string): void {
  if (
    !Number.isInteger(durationSeconds) ||
    durationSeconds < minDrawDurationSeconds ||
    durationSeconds > maxDrawDurationSeconds
  ) {
    throw validationError([
      {
        location: 'body',
        field,
        rule: 'range',
        message: `must be an integer from ${minDrawDurationSeconds} to ${maxDrawDurationSeconds}`,
      },
    ])
  }
}

/** A purchase's quantity, email and amounts; every issue at once (400). */
export function assertPurchaseRequest(request: GiftPurchaseRequest): void {
  const issues = []
  if (!Number.isInteger(request.quantity) || request.quantity < 1 || request.quantity > maxGiftsPerPurchase) {
    issues.push({
      location: 'body' as const,
      field: 'quantity',
      rule: 'range',
      message: `must be an integer from 1 to ${maxGiftsPerPurchase}`,
    })
  }
  if (!/^[^\s@]+@[^\s@]+$/.test(request.email)) {
    issues.push({ location: 'body' as const, field: 'email', rule: 'format', message: 'must be an email address' })
  }
  for (const field of ['tax', 'prepaidShipping'] as const) {
    const value = request[field]
    if (value !== undefined && (!Number.isInteger(value) || value < 0)) {
      issues.push({ location: 'body' as const, field, rule: 'minimum', message: 'must be whole minor units ≥ 0' })
    }
  }
  if (issues.length > 0) throw validationError(issues)
  if (request.drawDurationSeconds !== undefined) assertDrawDuration(request.drawDurationSeconds, 'drawDurationSeconds')
}
