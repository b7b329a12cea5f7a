import { Fragment } from 'react'
import type { Address, OrderDetail } from '../../api/types.ts'
import { formatDateTime, humanize } from '../../ui/format.ts'
import { Badge } from '../../ui/parts.tsx'

/** Who ordered, with the shipping and billing addresses. */
export function CustomerPanel({ order }: { order: OrderDetail['order'] }) {
  return (
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
  )
}

/** Where the order came from: its source type, gift ids and tracking parameters. */
export function SourcePanel({ order }: { order: OrderDetail['order'] }) {
  return (
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
  )
}

/** The order's status changes, oldest first. */
export function StatusHistoryPanel({ statusHistory }: { statusHistory: OrderDetail['statusHistory'] }) {
  return (
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
