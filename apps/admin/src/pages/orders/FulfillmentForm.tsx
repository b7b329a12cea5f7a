import { fulfillment as validateFulfillment } from 'virtual:fanshelf-contract'
import { useMutation } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { post } from '../../api/client.ts'
import type { OrderDetail } from '../../api/types.ts'
import { applyServerError, contractResolver, type FieldOf, numberOf } from '../../forms/contract-form.ts'
import { Field, FormAlert } from '../../forms/Field.tsx'

interface FulfillmentValues {
  quantities: Record<string, string>
  trackingCompany: string
  trackingNumber: string
}

/** Creates a fulfilment of the items still to ship, checked against the contract before it is sent. */
export function FulfillmentForm(props: { orderId: string; items: OrderDetail['fulfillable']; onCreated: () => void }) {
  const variantIds = props.items.map((item) => item.variantId)
  const toBody = (values: FulfillmentValues) => ({
    orderId: props.orderId,
    items: variantIds
      .map((variantId) => ({ variantId, quantity: numberOf(values.quantities[variantId]) ?? 0 }))
      .filter((item) => item.quantity !== 0),
    shippingLabel: { trackingCompany: values.trackingCompany.trim(), trackingNumber: values.trackingNumber.trim() },
  })
  // `/items/2/quantity` names the third item sent, i.e. the third variant with a quantity.
  const fieldOf =
    (values: FulfillmentValues): FieldOf =>
    (pointer) => {
      const item = /^\/items\/(\d+)/.exec(pointer)
      if (item) {
        const sent = toBody(values).items[Number(item[1])]
        return sent ? `quantities.${sent.variantId}` : 'root.contract'
      }
      if (pointer === '/items') return 'root.contract'
      const label = /^\/shippingLabel\/(trackingCompany|trackingNumber)$/.exec(pointer)
      return label ? label[1] : undefined
    }
  const form = useForm<FulfillmentValues>({
    defaultValues: {
      quantities: Object.fromEntries(props.items.map((item) => [item.variantId, String(item.remaining)])),
      trackingCompany: '',
      trackingNumber: '',
    },
    resolver: (values, context, options) =>
      contractResolver(validateFulfillment, toBody, fieldOf(values))(values, context, options),
  })
  const create = useMutation({
    mutationFn: (values: FulfillmentValues) => post<{ fulfillmentId: string }>('/fulfillments', toBody(values)),
    onSuccess: () => {
      form.reset()
      props.onCreated()
    },
    onError: (error) => applyServerError(error, form.setError, fieldOf(form.getValues())),
  })
  const { errors } = form.formState
  const contractError = errors.root?.contract?.message
  return (
    <form className="form subform" noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))}>
      <h3>Create a fulfilment</h3>
      <FormAlert
        messages={[
          errors.root?.server?.message,
          contractError === 'Add at least one' ? 'Ship at least one unit.' : contractError,
        ]}
      />
      <div className="grid grid--3">
        {props.items.map((item) => (
          <Field
            key={item.variantId}
            label={`${item.name} (${item.sku})`}
            hint={`${item.remaining} of ${item.quantity} still to ship`}
            error={errors.quantities?.[item.variantId]?.message}
          >
            <input
              type="number"
              inputMode="numeric"
              min="0"
              max={item.remaining}
              step="1"
              {...form.register(`quantities.${item.variantId}`)}
            />
          </Field>
        ))}
      </div>
      <div className="grid grid--3">
        <Field label="Carrier" hint="e.g. UPS, USPS, DHL, Canada Post" error={errors.trackingCompany?.message}>
          <input type="text" autoComplete="off" {...form.register('trackingCompany')} />
        </Field>
        <Field label="Tracking number" error={errors.trackingNumber?.message}>
          <input
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...form.register('trackingNumber')}
          />
        </Field>
      </div>
      <button type="submit" className="fs-button fs-button--primary" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create fulfilment'}
      </button>
    </form>
  )
}
