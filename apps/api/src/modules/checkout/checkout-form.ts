import type { Destination } from './checkout-pricing.js'
import { checkoutCountries, countriesWithoutPostcodes, countriesWithStates } from './checkout-rules.js'
import { type Address, type TrackingParams, trackingKeys } from './order-records.js'
import { type CardInput, cardProblems } from './payment.js'

/**
 * The checkout form: the same flat field names whether the page posts it as a form (no
 * JavaScript) or the hydrated page sends it as JSON — `email`, `shipping.address1`,
 * `billingSameAsShipping`, `card.number`, `tracking.utm_source`, … Parsing never fails; `issues`
 * lists every field that is missing or wrong, each with a message for the shopper.
 */

export type FormFields = Record<string, unknown>

export interface FieldIssue {
  field: string
  message: string
}

const addressFields = ['name', 'address1', 'address2', 'city', 'state', 'zip', 'country', 'phone'] as const
export type AddressDraft = Record<(typeof addressFields)[number], string>

export interface CheckoutForm {
  cartId: string
  currency: string
  email: string
  emailMarketingOptIn: boolean
  shipping: AddressDraft
  billingSameAsShipping: boolean
  billing: AddressDraft
  promotionCode: string
  /** A gift card code, as typed (checkout/gift-card-redemption.ts normalises it). */
  giftCardCode: string
  freeChoices: string[]
  card: CardInput & { name: string }
  tracking: TrackingParams
}

const maxFieldLength = 500
const knownCountries = new Set(checkoutCountries.map((c) => c.code))

function text(fields: FormFields, name: string): string {
  const value = fields[name]
  const last = Array.isArray(value) ? value[value.length - 1] : value
  if (typeof last === 'number') return String(last)
  return typeof last === 'string' ? last.slice(0, maxFieldLength) : ''
}

function flag(fields: FormFields, name: string): boolean {
  const value = fields[name]
  const last = Array.isArray(value) ? value[value.length - 1] : value
  return last === true || last === 'on' || last === 'true' || last === '1'
}

function addressDraft(fields: FormFields, prefix: string): AddressDraft {
  return Object.fromEntries(
    addressFields.map((name) => [name, text(fields, `${prefix}.${name}`).trim()]),
  ) as AddressDraft
}

export function parseCheckoutForm(fields: FormFields): CheckoutForm {
  const freeChoices: string[] = []
  for (let i = 0; i < 10 && text(fields, `freeChoice.${i}`); i++) freeChoices.push(text(fields, `freeChoice.${i}`))
  const tracking: TrackingParams = {}
  for (const key of trackingKeys) {
    const value = text(fields, `tracking.${key}`).trim()
    if (value) tracking[key] = value
  }
  return {
    cartId: text(fields, 'cartId').trim(),
    currency: text(fields, 'currency').trim().toUpperCase(),
    email: text(fields, 'email').trim(),
    emailMarketingOptIn: flag(fields, 'emailMarketingOptIn'),
    shipping: addressDraft(fields, 'shipping'),
    billingSameAsShipping: flag(fields, 'billingSameAsShipping'),
    billing: addressDraft(fields, 'billing'),
    promotionCode: text(fields, 'promotionCode').trim(),
    giftCardCode: text(fields, 'giftCardCode').trim(),
    freeChoices,
    card: {
      number: text(fields, 'card.number'),
      expiry: text(fields, 'card.expiry'),
      cvc: text(fields, 'card.cvc'),
      name: text(fields, 'card.name').trim(),
    },
    tracking,
  }
}

/** Tracking parameters from the checkout URL's query (`utm_*`, `fbc`/`fbp`, also `_fbc`/`_fbp`). */
export function trackingFromQuery(query: Record<string, unknown>): TrackingParams {
  const tracking: TrackingParams = {}
  for (const key of trackingKeys) {
    const value = text(query, key) || text(query, `_${key}`)
    if (value.trim()) tracking[key] = value.trim()
  }
  return tracking
}

export function addressIssues(draft: AddressDraft, prefix: string): FieldIssue[] {
  const issues: FieldIssue[] = []
  const need = (field: keyof AddressDraft, message: string) => {
    if (!draft[field]) issues.push({ field: `${prefix}.${field}`, message })
  }
  need('name', 'Enter the full name.')
  need('address1', 'Enter the street address.')
  need('city', 'Enter the city.')
  const country = draft.country.toUpperCase()
  if (!knownCountries.has(country)) issues.push({ field: `${prefix}.country`, message: 'Choose a country.' })
  if (countriesWithStates.has(country)) need('state', 'Enter the state or province.')
  if (!countriesWithoutPostcodes.has(country)) need('zip', 'Enter the postal code.')
  if (draft.phone && !/^\+?[0-9 ()-]{6,20}$/.test(draft.phone)) {
    issues.push({ field: `${prefix}.phone`, message: 'Enter a phone number of digits, optionally starting with +.' })
  }
  return issues
}

export function toAddress(draft: AddressDraft): Address {
  const phone = draft.phone.replace(/[ ()-]/g, '')
  return {
    name: draft.name,
    address1: draft.address1,
    address2: draft.address2 || null,
    city: draft.city,
    state: draft.state ? draft.state.toUpperCase() : null,
    country: draft.country.toUpperCase(),
    zip: draft.zip || null,
    phone: phone || null,
  }
}

export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254
}

/**
 * Where the order goes for shipping and tax: the shipping address — which is also the one address
 * the form asks for when nothing ships (then it is the billing address).
 */
export function destinationOf(form: CheckoutForm): Destination | null {
  const country = form.shipping.country.toUpperCase()
  return knownCountries.has(country) ? { country, state: form.shipping.state || null } : null
}

/** Every problem of a form submitted to place the order. */
export function orderFormIssues(
  form: CheckoutForm,
  options: { requiresShipping: boolean; payable: boolean; now: number },
) {
  const issues: FieldIssue[] = []
  if (!isEmail(form.email)) issues.push({ field: 'email', message: 'Enter an email address like name@example.com.' })
  if (options.requiresShipping) issues.push(...addressIssues(form.shipping, 'shipping'))
  if (!options.requiresShipping || !form.billingSameAsShipping) {
    // With nothing to ship, the one address asked for is the billing address.
    const prefix = options.requiresShipping ? 'billing' : 'shipping'
    issues.push(...addressIssues(options.requiresShipping ? form.billing : form.shipping, prefix))
  }
  if (options.payable) {
    if (!form.card.name) issues.push({ field: 'card.name', message: 'Enter the name on the card.' })
    issues.push(...cardProblems(form.card, options.now))
  }
  return issues
}

/** The addresses of the order from a valid form. */
export function addressesOf(form: CheckoutForm, requiresShipping: boolean) {
  if (!requiresShipping) return { shipping: null, billing: toAddress(form.shipping) }
  const shipping = toAddress(form.shipping)
  return { shipping, billing: form.billingSameAsShipping ? shipping : toAddress(form.billing) }
}
