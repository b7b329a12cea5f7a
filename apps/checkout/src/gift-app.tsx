/// <reference lib="dom" />
/** @jsxRuntime automatic */
import { Button, Radio } from '@fanshelf/ui'
import { type FormEvent, useState } from 'react'
import { AddressFields, ErrorSummary, fieldId, TextField, useAlertFocus } from './fields.js'
import { errorFor, type FieldError, type GiftCardOfferView, type GiftPageState } from './page-state.js'

/** A plain form (no script needed): the winner takes a gift card of the gift's value instead. */
export function GiftCardOffer({ offer }: { offer: GiftCardOfferView }) {
  return (
    <form method="post" action={offer.action} className="card gift-card-offer">
      <p>{`Rather have store credit? Take a ${offer.value} gift card instead of the product.`}</p>
      <Button type="submit" variant="secondary">{`Take a ${offer.value} gift card`}</Button>
    </form>
  )
}

/**
 * The gift redemption page: the winner of a giveaway link or a Twitch draw picks a variant and
 * enters where to ship it. A plain form without JavaScript; hydrated, it posts JSON and goes to
 * the order's confirmation page.
 */
export function GiftApp({ initial }: { initial: GiftPageState }) {
  const [errors, setErrors] = useState<FieldError[]>(initial.errors)
  const [formError, setFormError] = useState<string | null>(initial.formError)
  const [busy, setBusy] = useState(false)
  const { alertRef, focusAlert } = useAlertFocus()
  const { values } = initial
  const variantError = errorFor(errors, 'variantId')

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const fields: Record<string, string> = {}
    for (const [name, value] of new FormData(event.currentTarget).entries())
      if (typeof value === 'string') fields[name] = value
    setBusy(true)
    try {
      const response = await fetch(`/gifts/api/${encodeURIComponent(initial.giftId)}/redeem`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(fields),
      })
      const body = (await response.json()) as {
        confirmationUrl?: string
        message?: string
        details?: { errors?: FieldError[] }
      }
      if (response.ok && body.confirmationUrl) {
        window.location.assign(body.confirmationUrl)
        return
      }
      const fieldErrors = body.details?.errors?.map((e) => ({ field: e.field, message: e.message })) ?? []
      setErrors(fieldErrors)
      setFormError(
        fieldErrors.length > 0 ? 'Please correct the highlighted fields.' : (body.message ?? 'Something went wrong.'),
      )
    } catch {
      setFormError('We could not reach the shop. Check your connection and try again.')
    }
    setBusy(false)
    focusAlert()
  }

  const redeemForm = (
    <form method="post" action={initial.action} noValidate onSubmit={onSubmit} className="gift" aria-busy={busy}>
      <ErrorSummary errors={errors} formError={formError} alertRef={alertRef} />
      <div className="gift-product">
        {initial.productImage ? <img src={initial.productImage} alt="" width={96} height={96} /> : null}
        <p>
          <strong>{initial.productName}</strong>
        </p>
      </div>
      <fieldset aria-describedby={variantError ? `${fieldId('variantId')}-error` : undefined}>
        <legend>Choose your option</legend>
        {initial.variants.map((variant, index) => (
          <Radio
            key={variant.id}
            id={index === 0 ? fieldId('variantId') : `${fieldId('variantId')}-${index}`}
            name="variantId"
            value={variant.id}
            label={variant.name}
            defaultChecked={values.variantId ? values.variantId === variant.id : initial.variants.length === 1}
          />
        ))}
        {variantError ? (
          <p id={`${fieldId('variantId')}-error`} className="fs-field__error">
            {variantError}
          </p>
        ) : null}
      </fieldset>
      <fieldset>
        <legend>Contact</legend>
        <TextField
          name="email"
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          values={values}
          errors={errors}
          hint="We send the order confirmation and shipping updates here."
        />
      </fieldset>
      <AddressFields
        prefix="shipping"
        legend="Shipping address"
        values={values}
        errors={errors}
        countries={initial.countries}
      />
      <Button type="submit" variant="primary" wide className="pay" disabled={busy}>
        {busy ? 'Working…' : 'Redeem my gift'}
      </Button>
    </form>
  )
  return initial.giftCardOffer ? (
    <>
      {redeemForm}
      <GiftCardOffer offer={initial.giftCardOffer} />
    </>
  ) : (
    redeemForm
  )
}
