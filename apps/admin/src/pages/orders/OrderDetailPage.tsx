import { trackerTargets, fulfillment as validateFulfillment } from 'virtual:fanshelf-contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Fragment, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useParams } from 'react-router'
import { get, post } from '../../api/client.ts'
import type { Address, Fulfillment, OrderDetail } from '../../api/types.ts'
import { applyServerError, contractResolver, type FieldOf, numberOf } from '../../forms/contract-form.ts'
import { Field, FormAlert } from '../../forms/Field.tsx'
import { useConfirm } from '../../ui/confirm.tsx'
import { formatDateTime, formatMoney, humanize } from '../../ui/format.ts'
import { Badge, ErrorMessage, Loading, Notice, PageHeader, TableWrap } from '../../ui/parts.tsx'

/** One order: what was bought, money, addresses, source, status history, fulfilments and actions. */
export function Component() {
  const { orderId = '' } = useParams()
  const client = useQueryClient()
  const confirm = useConfirm()
  const [notice, setNotice] = useState<string | undefined>()
  const detail = useQuery({
    queryKey: ['order', orderId],
    queryFn: () => get<OrderDetail>(`/orders/${encodeURIComponent(orderId)}`),
  })
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['order', orderId] })
    void client.invalidateQueries({ queryKey: ['orders'] })
  }
  const action = useMutation({
    mutationFn: (kind: 'cancel' | 'complete') => post(`/orders/${encodeURIComponent(orderId)}/${kind}`),
    onSuccess: (_data, kind) => {
      setNotice(kind === 'cancel' ? 'Order cancelled.' : 'Order completed.')
      refresh()
    },
    onError: (error) => setNotice(error.message),
  })

  if (detail.isPending) return <Loading />
  if (detail.isError) return <ErrorMessage error={detail.error} />
  const { order, fulfillments, statusHistory, fulfillable, actions } = detail.data
  const { amounts } = order

  return (
    <>
      <PageHeader
        title={`Order #${order.friendlyId}`}
        description={
          <>
            Placed {formatDateTime(order.createdAt)} by {order.email} · <Badge value={order.status} />
          </>
        }
        actions={
          <>
            {actions.canComplete && (
              <button
                type="button"
                className="button button--primary"
                disabled={action.isPending}
                onClick={async () => {
                  const ok = await confirm({
                    title: 'Complete this order?',
                    message: 'The order is closed as COMPLETED and an ORDER_UPDATED webhook is sent.',
                    confirmLabel: 'Complete order',
                  })
                  if (ok) action.mutate('complete')
                }}
              >
                Complete order
              </button>
            )}
            {actions.canCancel && (
              <button
                type="button"
                className="button button--danger"
                disabled={action.isPending}
                onClick={async () => {
                  const ok = await confirm({
                    title: `Cancel order #${order.friendlyId}?`,
                    message:
                      'The order becomes CANCELLED and can no longer be fulfilled; an ORDER_UPDATED webhook is sent. Refund the customer separately.',
                    confirmLabel: 'Cancel order',
                    destructive: true,
                  })
                  if (ok) action.mutate('cancel')
                }}
              >
                Cancel order
              </button>
            )}
            <Link className="button button--secondary" to="/orders">
              Back to orders
            </Link>
          </>
        }
      />
      <Notice message={notice} onDismiss={() => setNotice(undefined)} />

      <div className="columns">
        <div className="columns__main">
          <section className="panel" aria-labelledby="items-title">
            <h2 id="items-title">Items</h2>
            <TableWrap label="Ordered items">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">SKU</th>
                    <th scope="col" className="cell-number">
                      Quantity
                    </th>
                    <th scope="col" className="cell-number">
                      Unit price
                    </th>
                    <th scope="col" className="cell-number">
                      Price
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {order.offers.map((offer) => (
                    <tr key={`${offer.id}-${offer.variant.id}`}>
                      <td>
                        {offer.name}
                        <div className="muted small">{offer.variant.name}</div>
                      </td>
                      <td>
                        <code>{offer.variant.sku}</code>
                      </td>
                      <td className="cell-number">{offer.variant.quantity}</td>
                      <td className="cell-number">{formatMoney(offer.variant.unitPrice)}</td>
                      <td className="cell-number">{formatMoney(offer.variant.price)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
            <dl className="amounts">
              <dt>Subtotal</dt>
              <dd>{formatMoney(amounts.subtotal)}</dd>
              <dt>Shipping</dt>
              <dd>{formatMoney(amounts.shipping)}</dd>
              <dt>Tax</dt>
              <dd>{formatMoney(amounts.tax)}</dd>
              {amounts.donation.value > 0 && (
                <>
                  <dt>Donation</dt>
                  <dd>{formatMoney(amounts.donation)}</dd>
                </>
              )}
              {amounts.discount.value > 0 && (
                <>
                  <dt>Discount</dt>
                  <dd>−{formatMoney(amounts.discount)}</dd>
                </>
              )}
              <dt className="amounts__total">Total</dt>
              <dd className="amounts__total">{formatMoney(amounts.total)}</dd>
            </dl>
          </section>

          <section className="panel" aria-labelledby="fulfilments-title">
            <h2 id="fulfilments-title">Fulfilments</h2>
            {fulfillments.length === 0 ? (
              <p className="muted">Nothing has shipped yet. Create a fulfilment when a parcel leaves.</p>
            ) : (
              <ul className="card-list">
                {fulfillments.map((shipment, index) => (
                  <FulfillmentCard
                    key={shipment.id}
                    shipment={shipment}
                    index={index}
                    names={new Map(fulfillable.map((item) => [item.variantId, item.name]))}
                    onMoved={(message) => {
                      setNotice(message)
                      refresh()
                    }}
                  />
                ))}
              </ul>
            )}
            {actions.canFulfill && (
              <FulfillmentForm
                orderId={order.id}
                items={fulfillable.filter((item) => item.remaining > 0)}
                onCreated={() => {
                  setNotice('Fulfilment created. The order status follows its tracker.')
                  refresh()
                }}
              />
            )}
          </section>
        </div>

        <div className="columns__side">
          <section className="panel" aria-labelledby="customer-title">
            <h2 id="customer-title">Customer</h2>
            <p>
              {order.email}
              {order.username && <span className="muted"> ({order.username})</span>}
            </p>
            <p className="muted small">Marketing emails: {order.emailMarketingOptIn ? 'yes' : 'no'}</p>
            {order.message && <blockquote className="quote">{order.message}</blockquote>}
            <h3>Shipping address</h3>
            <AddressBlock address={order.shipping?.address} />
            <h3>Billing address</h3>
            <AddressBlock address={order.billing?.address} />
          </section>
          <section className="panel" aria-labelledby="source-title">
            <h2 id="source-title">Source</h2>
            <dl className="facts">
              <dt>Type</dt>
              <dd>{humanize(order.source.type)}</dd>
              {'giftId' in order.source && order.source.giftId && (
                <>
                  <dt>Gift</dt>
                  <dd>
                    <code>{order.source.giftId}</code>
                  </dd>
                </>
              )}
              {'giftPurchaseId' in order.source && order.source.giftPurchaseId && (
                <>
                  <dt>Gift purchase</dt>
                  <dd>
                    <code>{order.source.giftPurchaseId}</code>
                  </dd>
                </>
              )}
              {Object.entries(order.trackingParams)
                .filter(([, value]) => value)
                .map(([name, value]) => (
                  <Fragment key={name}>
                    <dt>{name}</dt>
                    <dd>{String(value)}</dd>
                  </Fragment>
                ))}
            </dl>
          </section>
          <section className="panel" aria-labelledby="history-title">
            <h2 id="history-title">Status history</h2>
            {statusHistory.length === 0 ? (
              <p className="muted">No recorded changes.</p>
            ) : (
              <ol className="timeline">
                {statusHistory.map((change) => (
                  <li key={`${change.at}-${change.status}`}>
                    <Badge value={change.status} />
                    <span className="small">{formatDateTime(change.at)}</span>
                    <span className="muted small">{change.reason}</span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
    </>
  )
}

function AddressBlock(props: { address: Address | undefined }) {
  const a = props.address
  if (!a) return <p className="muted">None</p>
  return (
    <address>
      {a.name}
      <br />
      {a.address1}
      {a.address2 && (
        <>
          <br />
          {a.address2}
        </>
      )}
      <br />
      {[a.city, a.state, a.zip].filter(Boolean).join(', ')}
      <br />
      {a.country}
      {a.phone && (
        <>
          <br />
          {a.phone}
        </>
      )}
    </address>
  )
}

function FulfillmentCard(props: {
  shipment: Fulfillment
  index: number
  names: Map<string, string>
  onMoved: (message: string) => void
}) {
  const { shipment } = props
  const advance = useMutation({
    mutationFn: (toState?: string) =>
      post<{ fulfillment: Fulfillment; order: { status: string }; orderStatusChanged: boolean }>(
        `/fulfillments/${encodeURIComponent(shipment.id)}/advance`,
        toState ? { toState } : {},
      ),
    onSuccess: (result) =>
      props.onMoved(
        `Tracker is ${humanize(result.fulfillment.tracker.state)}.${
          result.orderStatusChanged ? ` The order is now ${humanize(result.order.status)}.` : ''
        }`,
      ),
    onError: (error) => props.onMoved(error.message),
  })
  const next =
    shipment.tracker.state === 'LABEL_CREATED'
      ? 'IN_TRANSIT'
      : shipment.tracker.state === 'IN_TRANSIT'
        ? 'DELIVERED'
        : undefined
  return (
    <li className="card">
      <div className="card__header">
        <h3 className="card__title">
          Parcel {props.index + 1}: {shipment.shippingLabel.trackingCompany} {shipment.shippingLabel.trackingNumber}
        </h3>
        <Badge value={shipment.tracker.state} />
      </div>
      <ul className="plain-list small">
        {shipment.items.map((item) => (
          <li key={item.variantId}>
            {item.quantity} × {props.names.get(item.variantId) ?? item.variantId}
          </li>
        ))}
      </ul>
      <p className="muted small">
        Label created {formatDateTime(shipment.createdAt)}
        {shipment.tracker.inTransitAt && ` · in transit ${formatDateTime(shipment.tracker.inTransitAt)}`}
        {shipment.tracker.deliveredAt && ` · delivered ${formatDateTime(shipment.tracker.deliveredAt)}`}
      </p>
      {next && (
        <div className="button-row">
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={advance.isPending}
            onClick={() => advance.mutate(undefined)}
          >
            Advance tracker to {humanize(next)}
            <span className="visually-hidden"> for parcel {props.index + 1}</span>
          </button>
          {next !== 'DELIVERED' && trackerTargets.includes('DELIVERED') && (
            <button
              type="button"
              className="button button--link"
              disabled={advance.isPending}
              onClick={() => advance.mutate('DELIVERED')}
            >
              Mark delivered<span className="visually-hidden"> parcel {props.index + 1}</span>
            </button>
          )}
        </div>
      )}
    </li>
  )
}

interface FulfillmentValues {
  quantities: Record<string, string>
  trackingCompany: string
  trackingNumber: string
}

function FulfillmentForm(props: { orderId: string; items: OrderDetail['fulfillable']; onCreated: () => void }) {
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
          <input type="text" {...form.register('trackingCompany')} />
        </Field>
        <Field label="Tracking number" error={errors.trackingNumber?.message}>
          <input type="text" spellCheck={false} {...form.register('trackingNumber')} />
        </Field>
      </div>
      <button type="submit" className="button button--primary" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create fulfilment'}
      </button>
    </form>
  )
}
