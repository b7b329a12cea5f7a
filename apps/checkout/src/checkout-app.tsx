/// <reference lib="dom" />
/** @jsxRuntime automatic */
import { Button } from '@fanshelf/ui'
import { type FormEvent, useRef, useState } from 'react'
import { AddressFields, Checkbox, ErrorSummary, SelectField, TextField, useAlertFocus } from './fields.js'
import type { CheckoutPageState, FieldError, QuoteView } from './page-state.js'

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
  return (
    <section className="summary" aria-labelledby="summary-heading">
      <h2 id="summary-heading">Order summary</h2>
      <ul className="lines">
        {quote.lines.map((line) => (
          <li key={line.key} className="line">
            {line.image ? (
              <img src={line.image} alt="" width={56} height={56} loading="lazy" />
            ) : (
              <span className="noimg" />
            )}
            <span className="line-text">
              <span className="line-name">{line.name}</span>
              <span className="muted">{`${line.variant} · Qty ${line.quantity}${line.free ? ' · Free' : ''}`}</span>
            </span>
            <span className="line-total">{line.total}</span>
          </li>
        ))}
      </ul>
      {quote.freeChoices.map((choice, index) => (
        <SelectField
          // biome-ignore lint/suspicious/noArrayIndexKey: a free choice is its position (its field is named after it)
          key={`freeChoice.${index}`}
          name={`freeChoice.${index}`}
          label="Choose your free product"
          values={{ ...values, [`freeChoice.${index}`]: choice.chosen }}
          errors={errors}
          options={choice.options.map((o) => ({ value: o.variantId, label: o.label }))}
          onChange={onChoice}
        />
      ))}
      <div className="promo">
        <TextField
          name="promotionCode"
          label="Discount code"
          values={values}
          errors={
            quote.promotionError ? [...errors, { field: 'promotionCode', message: quote.promotionError }] : errors
          }
          autoComplete="off"
          maxLength={32}
        />
        <Button
          type="submit"
          name="action"
          value="apply"
          variant="secondary"
          disabled={busy}
          aria-label="Apply discount"
        >
          Apply
        </Button>
      </div>
      {quote.promotion ? (
        <p className="applied" role="status">{`Applied: ${quote.promotion.label}`}</p>
      ) : (
        <p className="applied" role="status" />
      )}
      <div className="promo">
        <TextField
          name="giftCardCode"
          label="Gift card"
          values={values}
          errors={quote.giftCardError ? [...errors, { field: 'giftCardCode', message: quote.giftCardError }] : errors}
          autoComplete="off"
          placeholder="XXXX-XXXX-XXXX-XXXX"
          maxLength={24}
        />
        <Button
          type="submit"
          name="action"
          value="apply"
          variant="secondary"
          disabled={busy}
          aria-label="Apply gift card"
        >
          Apply
        </Button>
      </div>
      <dl className="totals" aria-live="polite">
        <dt>Subtotal</dt>
        <dd>{quote.subtotal}</dd>
        <dt>Shipping</dt>
        <dd>{quote.requiresShipping ? quote.shipping : 'Nothing to ship'}</dd>
        {quote.hasDiscount ? <dt>Discount</dt> : null}
        {quote.hasDiscount ? <dd>{`−${quote.discount}`}</dd> : null}
        <dt>Tax</dt>
        <dd>{quote.tax}</dd>
        <dt className="total">Total</dt>
        <dd className="total" data-testid="order-total">
          {quote.total}
        </dd>
        {quote.giftCard ? <dt>{quote.giftCard.label}</dt> : null}
        {quote.giftCard ? <dd data-testid="gift-card-amount">{`−${quote.giftCard.amount}`}</dd> : null}
        {quote.giftCard ? <dt className="total">To pay by card</dt> : null}
        {quote.giftCard ? (
          <dd className="total" data-testid="amount-due">
            {quote.amountDue}
          </dd>
        ) : null}
      </dl>
    </section>
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
  return (
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="checkout" aria-busy={busy}>
      <ErrorSummary errors={errors} formError={formError} alertRef={alertRef} />
      <input type="hidden" name="cartId" defaultValue={initial.cartId} />
      <input type="hidden" name="currency" defaultValue={initial.currency} />
      {Object.entries(initial.hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} defaultValue={value} />
      ))}
      <div className="columns">
        {/* The summary comes first in reading order (and on phones on screen); wide screens show it on the right. */}
        <Summary quote={quote} values={values} errors={errors} busy={busy} onChoice={() => void requote()} />
        <div className="details">
          <fieldset>
            <legend>Contact</legend>
            <TextField
              {...common}
              name="email"
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              hint="We send the order confirmation here."
            />
            <Checkbox
              name="emailMarketingOptIn"
              label={`Email me news and offers from ${initial.shopName}`}
              checked={values.emailMarketingOptIn === 'on'}
            />
          </fieldset>
          <AddressFields
            {...common}
            prefix="shipping"
            legend={shippingLegend}
            countries={initial.countries}
            onDestinationChange={() => void requote()}
          />
          {quote.requiresShipping ? (
            <Checkbox
              name="billingSameAsShipping"
              label="Billing address is the same as the shipping address"
              checked={sameAsShipping}
              onChange={(event) => setSameAsShipping(event.currentTarget.checked)}
            />
          ) : null}
          {quote.requiresShipping ? (
            <AddressFields
              {...common}
              prefix="billing"
              legend="Billing address"
              countries={initial.countries}
              hidden={sameAsShipping}
            />
          ) : null}
          <fieldset>
            <legend>Payment</legend>
            <p className="muted test-mode">{`Test mode: pay with ${initial.testCards.approved} (any future expiry date, any CVC); ${initial.testCards.declined} is declined.`}</p>
            <TextField {...common} name="card.name" label="Name on card" autoComplete="cc-name" required />
            <TextField
              {...common}
              name="card.number"
              label="Card number"
              autoComplete="cc-number"
              inputMode="numeric"
              required
              maxLength={23}
            />
            <div className="row">
              <TextField
                {...common}
                name="card.expiry"
                label="Expiry (MM/YY)"
                autoComplete="cc-exp"
                inputMode="numeric"
                required
                placeholder="MM/YY"
                maxLength={7}
              />
              <TextField
                {...common}
                name="card.cvc"
                label="Security code"
                autoComplete="cc-csc"
                inputMode="numeric"
                required
                maxLength={4}
              />
            </div>
          </fieldset>
          <Button type="submit" name="action" value="pay" variant="primary" wide className="pay" disabled={busy}>
            {busy ? 'Working…' : quote.amountDueMinor > 0 ? `Pay ${quote.amountDue}` : 'Place order'}
          </Button>
        </div>
      </div>
    </form>
  )
}
