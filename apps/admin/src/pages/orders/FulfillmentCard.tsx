import { trackerTargets } from 'virtual:fanshelf-contract'
import { useMutation } from '@tanstack/react-query'
import { post } from '../../api/client.ts'
import type { Fulfillment } from '../../api/types.ts'
import { formatDateTime, humanize } from '../../ui/format.ts'
import { Badge } from '../../ui/parts.tsx'

/** One parcel: its items and tracker, with buttons that advance the tracker. */
export function FulfillmentCard(props: {
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
            className="fs-button fs-button--secondary fs-button--small"
            disabled={advance.isPending}
            onClick={() => advance.mutate(undefined)}
          >
            Advance tracker to {humanize(next)}
            <span className="visually-hidden"> for parcel {props.index + 1}</span>
          </button>
          {next !== 'DELIVERED' && trackerTargets.includes('DELIVERED') && (
            <button
              type="button"
              className="fs-button fs-button--link"
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
