import { orderStatusDescription, orderStatuses } from 'virtual:fanshelf-contract'
import { Table, type TableColumn } from '@fanshelf/ui'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { Link, useSearchParams } from 'react-router'
import { get } from '../../api/client.ts'
import type { Order, Page } from '../../api/types.ts'
import { Field, FieldSet } from '../../forms/Field.tsx'
import { formatDateTime, formatMoney, humanize } from '../../ui/format.ts'
import { Badge, EmptyState, ErrorMessage, Loading, PageHeader, Pagination } from '../../ui/parts.tsx'
import { usePageParam } from '../../ui/url-state.ts'

/** The open API's `GET /orders` filters, kept in the URL with the same names. */
const dateFilters = [
  ['createdAt[gt]', 'Created after'],
  ['createdAt[lt]', 'Created before'],
  ['updatedAt[gt]', 'Updated after'],
  ['updatedAt[lt]', 'Updated before'],
] as const

interface Filters {
  email: string
  status: string[]
  'createdAt[gt]': string
  'createdAt[lt]': string
  'updatedAt[gt]': string
  'updatedAt[lt]': string
}

/** The list's columns; on a phone each order becomes a card of these labels and values. */
const orderColumns: TableColumn<Order>[] = [
  { header: 'Order', cell: (order) => <Link to={order.id}>#{order.friendlyId}</Link> },
  { header: 'Placed', cell: (order) => formatDateTime(order.createdAt) },
  { header: 'Customer', cell: (order) => <span className="cell-email">{order.email}</span> },
  { header: 'Status', cell: (order) => <Badge value={order.status} /> },
  { header: 'Items', cell: (order) => itemCount(order) },
  { header: 'Total', cell: (order) => formatMoney(order.amounts.total), numeric: true },
]

/** `2026-11-02T10:00` (local, as a datetime-local input holds it) ↔ an ISO instant in the URL. */
const toInstant = (local: string) => (local ? new Date(local).toISOString() : '')
function toLocal(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const offset = date.getTimezoneOffset() * 60_000
  return new Date(date.getTime() - offset).toISOString().slice(0, 16)
}

function itemCount(order: Order): number {
  return order.offers.reduce((sum, offer) => sum + offer.variant.quantity, 0)
}

export function Component() {
  const [params, setParams] = useSearchParams()
  const [page, setPage] = usePageParam()
  const query = {
    email: params.get('email') ?? undefined,
    status: params.getAll('status'),
    ...Object.fromEntries(dateFilters.map(([name]) => [name, params.get(name) ?? undefined])),
  }
  const form = useForm<Filters>({
    values: {
      email: query.email ?? '',
      status: query.status,
      ...(Object.fromEntries(dateFilters.map(([name]) => [name, toLocal(params.get(name))])) as Record<
        (typeof dateFilters)[number][0],
        string
      >),
    },
  })
  const orders = useQuery({
    queryKey: ['orders', params.toString()],
    queryFn: () => get<Page<Order>>('/orders', { ...query, page, size: 20 }),
    placeholderData: keepPreviousData,
  })
  const filtered = params.toString().replace(/(^|&)page=\d+/, '') !== ''

  const apply = form.handleSubmit((values) => {
    const next = new URLSearchParams()
    if (values.email.trim()) next.set('email', values.email.trim())
    for (const status of values.status) next.append('status', status)
    for (const [name] of dateFilters) if (values[name]) next.set(name, toInstant(values[name]))
    setParams(next)
  })

  return (
    <>
      <PageHeader title="Orders" description="Every order of the shop, newest first." />
      <details className="filters" open={filtered}>
        <summary>Filters{filtered ? ' (active)' : ''}</summary>
        <form className="form" onSubmit={apply}>
          <div className="grid grid--3">
            <Field label="Customer email">
              <input type="email" inputMode="email" autoComplete="off" {...form.register('email')} />
            </Field>
            {dateFilters.map(([name, label]) => (
              <Field key={name} label={label}>
                <input type="datetime-local" {...form.register(name)} />
              </Field>
            ))}
          </div>
          <FieldSet legend="Status" hint={orderStatusDescription}>
            <ul className="checkbox-list checkbox-list--inline">
              {orderStatuses.map((status) => (
                <li key={status}>
                  <label className="checkbox">
                    <input type="checkbox" value={status} {...form.register('status')} /> {humanize(status)}
                  </label>
                </li>
              ))}
            </ul>
          </FieldSet>
          <div className="button-row">
            <button type="submit" className="fs-button fs-button--primary">
              Apply filters
            </button>
            <button
              type="button"
              className="fs-button fs-button--secondary"
              onClick={() => setParams(new URLSearchParams())}
            >
              Clear
            </button>
          </div>
        </form>
      </details>
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <ErrorMessage error={orders.error} />
      ) : orders.data.total === 0 ? (
        filtered ? (
          <EmptyState title="No orders match these filters">Widen the dates or clear a status to see more.</EmptyState>
        ) : (
          <EmptyState title="No orders yet">
            Orders placed through the hosted checkout, sample orders and redeemed gifts appear here.
          </EmptyState>
        )
      ) : (
        <>
          <Table
            label="Orders"
            narrow="cards"
            columns={orderColumns}
            rows={orders.data.results}
            rowKey={(order) => order.id}
          />
          <Pagination {...orders.data} onPage={setPage} label="Order pages" />
        </>
      )}
    </>
  )
}
