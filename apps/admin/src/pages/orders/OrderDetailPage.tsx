import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { get, post } from '../../api/client.ts'
import type { OrderDetail } from '../../api/types.ts'
import { useConfirm } from '../../ui/confirm.tsx'
import { formatDateTime } from '../../ui/format.ts'
import { Badge, ErrorMessage, Loading, Notice, PageHeader } from '../../ui/parts.tsx'
import { FulfillmentCard } from './FulfillmentCard.tsx'
import { FulfillmentForm } from './FulfillmentForm.tsx'
import { CustomerPanel, SourcePanel, StatusHistoryPanel } from './OrderFacts.tsx'
import { OrderItems } from './OrderItems.tsx'

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
                className="fs-button fs-button--primary"
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
                className="fs-button fs-button--danger"
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
            <Link className="fs-button fs-button--secondary" to="/orders">
              Back to orders
            </Link>
          </>
        }
      />
      <Notice message={notice} onDismiss={() => setNotice(undefined)} />

      <div className="columns">
        <div className="columns__main">
          <OrderItems order={order} />

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
          <CustomerPanel order={order} />
          <SourcePanel order={order} />
          <StatusHistoryPanel statusHistory={statusHistory} />
        </div>
      </div>
    </>
  )
}
