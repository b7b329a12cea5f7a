/// <reference lib="dom" />
import { type FormEvent, Fragment, createElement as h, useState } from 'react'
import { AddressFields, ErrorSummary, fieldId, TextField, useAlertFocus } from './fields.js'
import { errorFor, type FieldError, type GiftCardOfferView, type GiftPageState } from './view-model.js'

/** A plain form (no script needed): the winner takes a gift card of the gift's value instead. */
export function GiftCardOffer({ offer }: { offer: GiftCardOfferView }) {
  return h(
    'form',
    { method: 'post', action: offer.action, className: 'card gift-card-offer' },
    h('p', null, `Rather have store credit? Take a ${offer.value} gift card instead of the product.`),
    h('button', { type: 'submit', className: 'secondary' }, `Take a ${offer.value} gift card`),
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

  const redeemForm = h(
    'form',
    { method: 'post', action: initial.action, noValidate: true, onSubmit, className: 'gift', 'aria-busy': busy },
    h(ErrorSummary, { errors, formError, alertRef }),
    h(
      'div',
      { className: 'gift-product' },
      initial.productImage ? h('img', { src: initial.productImage, alt: '', width: 96, height: 96 }) : null,
      h('p', null, h('strong', null, initial.productName)),
    ),
    h(
      'fieldset',
      { 'aria-describedby': variantError ? `${fieldId('variantId')}-error` : undefined },
      h('legend', null, 'Choose your option'),
      initial.variants.map((variant, index) =>
        h(
          'div',
          { key: variant.id, className: 'radio' },
          h('input', {
            id: index === 0 ? fieldId('variantId') : `${fieldId('variantId')}-${index}`,
            type: 'radio',
            name: 'variantId',
            value: variant.id,
            defaultChecked: values.variantId ? values.variantId === variant.id : initial.variants.length === 1,
          }),
          h(
            'label',
            { htmlFor: index === 0 ? fieldId('variantId') : `${fieldId('variantId')}-${index}` },
            variant.name,
          ),
        ),
      ),
      variantError ? h('span', { id: `${fieldId('variantId')}-error`, className: 'field-error' }, variantError) : null,
    ),
    h(
      'fieldset',
      null,
      h('legend', null, 'Contact'),
      h(TextField, {
        name: 'email',
        label: 'Email',
        type: 'email',
        inputMode: 'email',
        autoComplete: 'email',
        required: true,
        values,
        errors,
        hint: 'We send the order confirmation and shipping updates here.',
      }),
    ),
    h(AddressFields, { prefix: 'shipping', legend: 'Shipping address', values, errors, countries: initial.countries }),
    h('button', { type: 'submit', className: 'primary pay', disabled: busy }, busy ? 'Working…' : 'Redeem my gift'),
  )
  return initial.giftCardOffer
    ? h(Fragment, null, redeemForm, h(GiftCardOffer, { offer: initial.giftCardOffer }))
    : redeemForm
}
