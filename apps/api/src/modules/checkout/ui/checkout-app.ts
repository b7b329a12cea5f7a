/// <reference lib="dom" />
import { type FormEvent, createElement as h, useRef, useState } from 'react'
import { AddressFields, Checkbox, ErrorSummary, SelectField, TextField, useAlertFocus } from './fields.js'
import type { CheckoutPageState, FieldError, QuoteView } from './view-model.js'

/**
 * The hosted checkout page. Rendered on the server (works as a plain form without JavaScript:
 * "Apply" and "Pay" post the form to the page) and hydrated in the browser, where the same
 * buttons call the JSON endpoints instead: the summary updates in place when a code is applied or
 * the destination changes, and a placed order goes to its confirmation page.
 */

interface ApiError {
  code: string
  message: string
  details?: { errors?: { field: string; message: string }[]; field?: string }
}

function formFields(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [name, value] of new FormData(form).entries()) if (typeof value === 'string') fields[name] = value
  return fields
}

async function postJson<T>(
  url: string,
  body: unknown,
): Promise<{ ok: true; value: T } | { ok: false; error: ApiError }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    })
    const json = (await response.json()) as T | ApiError
    return response.ok ? { ok: true, value: json as T } : { ok: false, error: json as ApiError }
  } catch {
    return {
      ok: false,
      error: { code: 'NETWORK', message: 'We could not reach the shop. Check your connection and try again.' },
    }
  }
}

interface SummaryProps {
  quote: QuoteView
  values: Record<string, string>
  errors: FieldError[]
  busy: boolean
  onChoice: () => void
}

function Summary({ quote, values, errors, busy, onChoice }: SummaryProps) {
  return h(
    'section',
    { className: 'summary', 'aria-labelledby': 'summary-heading' },
    h('h2', { id: 'summary-heading' }, 'Order summary'),
    h(
      'ul',
      { className: 'lines' },
      quote.lines.map((line) =>
        h(
          'li',
          { key: line.key, className: 'line' },
          line.image
            ? h('img', { src: line.image, alt: '', width: 56, height: 56, loading: 'lazy' })
            : h('span', { className: 'noimg' }),
          h(
            'span',
            { className: 'line-text' },
            h('span', { className: 'line-name' }, line.name),
            h('span', { className: 'muted' }, `${line.variant} · Qty ${line.quantity}${line.free ? ' · Free' : ''}`),
          ),
          h('span', { className: 'line-total' }, line.total),
        ),
      ),
    ),
    quote.freeChoices.map((choice, index) =>
      h(SelectField, {
        key: `freeChoice.${index}`,
        name: `freeChoice.${index}`,
        label: 'Choose your free product',
        values: { ...values, [`freeChoice.${index}`]: choice.chosen },
        errors,
        options: choice.options.map((o) => ({ value: o.variantId, label: o.label })),
        onChange: onChoice,
      }),
    ),
    h(
      'div',
      { className: 'promo' },
      h(TextField, {
        name: 'promotionCode',
        label: 'Discount code',
        values,
        errors: quote.promotionError ? [...errors, { field: 'promotionCode', message: quote.promotionError }] : errors,
        autoComplete: 'off',
        maxLength: 32,
      }),
      h(
        'button',
        {
          type: 'submit',
          name: 'action',
          value: 'apply',
          className: 'secondary',
          disabled: busy,
          'aria-label': 'Apply discount',
        },
        'Apply',
      ),
    ),
    quote.promotion
      ? h('p', { className: 'applied', role: 'status' }, `Applied: ${quote.promotion.label}`)
      : h('p', { className: 'applied', role: 'status' }),
    h(
      'div',
      { className: 'promo' },
      h(TextField, {
        name: 'giftCardCode',
        label: 'Gift card',
        values,
        errors: quote.giftCardError ? [...errors, { field: 'giftCardCode', message: quote.giftCardError }] : errors,
        autoComplete: 'off',
        placeholder: 'XXXX-XXXX-XXXX-XXXX',
        maxLength: 24,
      }),
      h(
        'button',
        {
          type: 'submit',
          name: 'action',
          value: 'apply',
          className: 'secondary',
          disabled: busy,
          'aria-label': 'Apply gift card',
        },
        'Apply',
      ),
    ),
    h(
      'dl',
      { className: 'totals', 'aria-live': 'polite' },
      h('dt', null, 'Subtotal'),
      h('dd', null, quote.subtotal),
      h('dt', null, 'Shipping'),
      h('dd', null, quote.requiresShipping ? quote.shipping : 'Nothing to ship'),
      quote.hasDiscount ? h('dt', null, 'Discount') : null,
      quote.hasDiscount ? h('dd', null, `−${quote.discount}`) : null,
      h('dt', null, 'Tax'),
      h('dd', null, quote.tax),
      h('dt', { className: 'total' }, 'Total'),
      h('dd', { className: 'total', 'data-testid': 'order-total' }, quote.total),
      quote.giftCard ? h('dt', null, quote.giftCard.label) : null,
      quote.giftCard ? h('dd', { 'data-testid': 'gift-card-amount' }, `−${quote.giftCard.amount}`) : null,
      quote.giftCard ? h('dt', { className: 'total' }, 'To pay by card') : null,
      quote.giftCard ? h('dd', { className: 'total', 'data-testid': 'amount-due' }, quote.amountDue) : null,
    ),
  )
}

export function CheckoutApp({ initial }: { initial: CheckoutPageState }) {
  const [quote, setQuote] = useState(initial.quote)
  const [errors, setErrors] = useState<FieldError[]>(initial.errors)
  const [formError, setFormError] = useState<string | null>(initial.formError)
  const [busy, setBusy] = useState(false)
  const [sameAsShipping, setSameAsShipping] = useState(initial.values.billingSameAsShipping !== 'off')
  const formRef = useRef<HTMLFormElement | null>(null)
  const { alertRef, focusAlert } = useAlertFocus()
  const { values } = initial

  function showProblems(error: ApiError) {
    const fieldErrors = error.details?.errors?.map((e) => ({ field: e.field, message: e.message })) ?? []
    setErrors(fieldErrors)
    setFormError(fieldErrors.length > 0 ? 'Please correct the highlighted fields.' : error.message)
    // Move focus to the summary so screen readers announce it and keyboard users start there.
    focusAlert()
  }

  async function requote() {
    const form = formRef.current
    if (!form) return
    setBusy(true)
    const result = await postJson<QuoteView>('/checkout/api/quote', formFields(form))
    setBusy(false)
    if (result.ok) {
      setQuote(result.value)
      setFormError(null)
    } else showProblems(result.error)
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    if (submitter?.value === 'apply') return requote()
    const form = event.currentTarget
    setBusy(true)
    setFormError(null)
    const result = await postJson<{ confirmationUrl: string }>('/checkout/api/orders', formFields(form))
    if (result.ok) {
      window.location.assign(result.value.confirmationUrl)
      return
    }
    setBusy(false)
    const refusedField = result.error.details?.field
    if (refusedField === 'promotionCode' || refusedField === 'giftCardCode') {
      await requote()
      setFormError(result.error.message)
      return
    }
    showProblems(result.error)
  }

  const common = { values, errors }
  const shippingLegend = quote.requiresShipping ? 'Shipping address' : 'Billing address'
  return h(
    'form',
    { ref: formRef, method: 'post', noValidate: true, onSubmit, className: 'checkout', 'aria-busy': busy },
    h(ErrorSummary, { errors, formError, alertRef }),
    h('input', { type: 'hidden', name: 'cartId', defaultValue: initial.cartId }),
    h('input', { type: 'hidden', name: 'currency', defaultValue: initial.currency }),
    Object.entries(initial.hidden).map(([name, value]) =>
      h('input', { key: name, type: 'hidden', name, defaultValue: value }),
    ),
    h(
      'div',
      { className: 'columns' },
      // The summary comes first in reading order (and on phones on screen); wide screens show it on the right.
      h(Summary, { quote, values, errors, busy, onChoice: () => void requote() }),
      h(
        'div',
        { className: 'details' },
        h(
          'fieldset',
          null,
          h('legend', null, 'Contact'),
          h(TextField, {
            ...common,
            name: 'email',
            label: 'Email',
            type: 'email',
            inputMode: 'email',
            autoComplete: 'email',
            required: true,
            hint: 'We send the order confirmation here.',
          }),
          h(Checkbox, {
            name: 'emailMarketingOptIn',
            label: `Email me news and offers from ${initial.shopName}`,
            checked: values.emailMarketingOptIn === 'on',
          }),
        ),
        h(AddressFields, {
          ...common,
          prefix: 'shipping',
          legend: shippingLegend,
          countries: initial.countries,
          onDestinationChange: () => void requote(),
        }),
        quote.requiresShipping
          ? h(Checkbox, {
              name: 'billingSameAsShipping',
              label: 'Billing address is the same as the shipping address',
              checked: sameAsShipping,
              onChange: (event) => setSameAsShipping(event.currentTarget.checked),
            })
          : null,
        quote.requiresShipping
          ? h(AddressFields, {
              ...common,
              prefix: 'billing',
              legend: 'Billing address',
              countries: initial.countries,
              hidden: sameAsShipping,
            })
          : null,
        h(
          'fieldset',
          null,
          h('legend', null, 'Payment'),
          h(
            'p',
            { className: 'muted test-mode' },
            `Test mode: pay with ${initial.testCards.approved} (any future expiry date, any CVC); ${initial.testCards.declined} is declined.`,
          ),
          h(TextField, {
            ...common,
            name: 'card.name',
            label: 'Name on card',
            autoComplete: 'cc-name',
            required: true,
          }),
          h(TextField, {
            ...common,
            name: 'card.number',
            label: 'Card number',
            autoComplete: 'cc-number',
            inputMode: 'numeric',
            required: true,
            maxLength: 23,
          }),
          h(
            'div',
            { className: 'row' },
            h(TextField, {
              ...common,
              name: 'card.expiry',
              label: 'Expiry (MM/YY)',
              autoComplete: 'cc-exp',
              inputMode: 'numeric',
              required: true,
              placeholder: 'MM/YY',
              maxLength: 7,
            }),
            h(TextField, {
              ...common,
              name: 'card.cvc',
              label: 'Security code',
              autoComplete: 'cc-csc',
              inputMode: 'numeric',
              required: true,
              maxLength: 4,
            }),
          ),
        ),
        h(
          'button',
          { type: 'submit', name: 'action', value: 'pay', className: 'primary pay', disabled: busy },
          busy ? 'Working…' : quote.amountDueMinor > 0 ? `Pay ${quote.amountDue}` : 'Place order',
        ),
      ),
    ),
  )
}
