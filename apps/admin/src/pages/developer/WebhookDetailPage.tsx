import { webhookEventTypes } from 'virtual:fanshelf-contract'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { del, get, post, put } from '../../api/client.ts'
import { useCan } from '../../api/session.ts'
import type { Page, WebhookConfiguration, WebhookEvent, WebhookEventSummary } from '../../api/types.ts'
import { useConfirm } from '../../ui/confirm.tsx'
import { formatDateTime } from '../../ui/format.ts'
import { Badge, EmptyState, ErrorMessage, Loading, Notice, PageHeader, Pagination, TableWrap } from '../../ui/parts.tsx'
import { usePageParam } from '../../ui/url-state.ts'

/** One endpoint: its settings, test events, and its delivery log with every attempt and replay. */
export function Component() {
  const { webhookId = '' } = useParams()
  const id = encodeURIComponent(webhookId)
  const navigate = useNavigate()
  const client = useQueryClient()
  const confirm = useConfirm()
  const can = useCan()
  const [notice, setNotice] = useState<string | undefined>()
  const [testType, setTestType] = useState(webhookEventTypes[0]?.type ?? '')
  const configuration = useQuery({
    queryKey: ['webhook', webhookId],
    queryFn: () => get<WebhookConfiguration>(`/webhooks/${id}`),
  })
  const refreshLog = () => client.invalidateQueries({ queryKey: ['webhook-log', webhookId] })
  const reenable = useMutation({
    mutationFn: (current: WebhookConfiguration) =>
      put<WebhookConfiguration>(`/webhooks/${id}`, { url: current.url, allowedTypes: current.allowedTypes }),
    onSuccess: (updated) => {
      client.setQueryData(['webhook', webhookId], updated)
      void client.invalidateQueries({ queryKey: ['webhooks'] })
      setNotice('Endpoint enabled again. New events will be delivered to it.')
    },
    onError: (error) => setNotice(error.message),
  })
  const remove = useMutation({
    mutationFn: () => del(`/webhooks/${id}`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['webhooks'] })
      navigate('/developer/webhooks')
    },
    onError: (error) => setNotice(error.message),
  })
  const sendTest = useMutation({
    mutationFn: (type: string) => post<WebhookEvent>(`/webhooks/${id}/test-events`, { type }),
    onSuccess: (event) => {
      setNotice(`Test ${event.type} event queued (${event.id}). It appears in the delivery log below.`)
      void refreshLog()
    },
    onError: (error) => setNotice(error.message),
  })

  if (configuration.isPending) return <Loading />
  if (configuration.isError) return <ErrorMessage error={configuration.error} />
  const current = configuration.data

  return (
    <>
      <PageHeader
        title="Endpoint"
        description={<code className="break">{current.url}</code>}
        actions={
          <>
            {can('webhooks.update') && (
              <Link className="fs-button fs-button--secondary" to="edit">
                Edit
              </Link>
            )}
            {can('webhooks.delete') && (
              <button
                type="button"
                className="fs-button fs-button--danger"
                disabled={remove.isPending}
                onClick={async () => {
                  const ok = await confirm({
                    title: 'Delete this endpoint?',
                    message: 'Queued deliveries and its delivery log are deleted with it. This cannot be undone.',
                    confirmLabel: 'Delete endpoint',
                    destructive: true,
                  })
                  if (ok) remove.mutate()
                }}
              >
                Delete
              </button>
            )}
          </>
        }
      />
      <Notice message={notice} onDismiss={() => setNotice(undefined)} />
      {!current.enabled && (
        <div className="alert alert--error" role="alert">
          <p>
            <strong>This endpoint is disabled</strong>
            {current.disabledReason ? ` — ${current.disabledReason}` : ''}. No events are delivered to it.
          </p>
          {can('webhooks.update') && (
            <button
              type="button"
              className="fs-button fs-button--primary"
              disabled={reenable.isPending}
              onClick={() => reenable.mutate(current)}
            >
              Re-enable endpoint
            </button>
          )}
        </div>
      )}
      <section className="panel" aria-labelledby="settings-title">
        <h2 id="settings-title">Settings</h2>
        <dl className="facts">
          <dt>Status</dt>
          <dd>
            {current.enabled ? <Badge value="ENABLED" label="Enabled" /> : <Badge value="DISABLED" label="Disabled" />}
          </dd>
          <dt>Events</dt>
          <dd>
            <ul className="tag-list">
              {current.allowedTypes.map((type) => (
                <li key={type}>
                  <code>{type}</code>
                </li>
              ))}
            </ul>
          </dd>
          <dt>API version</dt>
          <dd>{current.apiVersion}</dd>
          <dt>Created</dt>
          <dd>{formatDateTime(current.createdAt)}</dd>
        </dl>
      </section>

      {can('webhooks.test') && (
        <section className="panel" aria-labelledby="test-title">
          <h2 id="test-title">Send a test event</h2>
          <p>
            Sends an event of any type with example data and <code>testMode: true</code> to this endpoint only, signed
            like every delivery.
          </p>
          <form
            className="inline-form"
            onSubmit={(event) => {
              event.preventDefault()
              sendTest.mutate(testType)
            }}
          >
            <div className="field">
              <label htmlFor="test-type">Event type</label>
              <select id="test-type" value={testType} onChange={(event) => setTestType(event.target.value)}>
                {webhookEventTypes.map((type) => (
                  <option key={type.type} value={type.type}>
                    {type.type} — {type.summary}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="submit"
              className="fs-button fs-button--primary"
              disabled={sendTest.isPending || !current.enabled}
            >
              Send test event
            </button>
          </form>
          {!current.enabled && <p className="note">Re-enable the endpoint to send test events.</p>}
        </section>
      )}

      <DeliveryLog webhookId={webhookId} enabled={current.enabled} onNotice={setNotice} />
    </>
  )
}

function DeliveryLog(props: { webhookId: string; enabled: boolean; onNotice: (message: string) => void }) {
  const [page, setPage] = usePageParam()
  const [params, setParams] = useSearchParams()
  const type = params.get('type') ?? ''
  const [open, setOpen] = useState<string | undefined>()
  const log = useQuery({
    queryKey: ['webhook-log', props.webhookId, page, type],
    queryFn: () =>
      get<Page<WebhookEventSummary>>(`/webhooks/${encodeURIComponent(props.webhookId)}/events`, {
        page,
        size: 20,
        type: type || undefined,
      }),
    placeholderData: keepPreviousData,
    // Pending deliveries move on their own: look again while any is in flight.
    refetchInterval: (query) =>
      query.state.data?.results.some((event) => event.state === 'PENDING' || event.state === 'RETRYING') ? 2000 : false,
  })

  return (
    <section aria-labelledby="log-title">
      <div className="section-header">
        <h2 id="log-title">Delivery log</h2>
        <div className="field field--inline">
          <label htmlFor="log-type">Event type</label>
          <select
            id="log-type"
            value={type}
            onChange={(event) =>
              setParams((current) => {
                const next = new URLSearchParams(current)
                if (event.target.value) next.set('type', event.target.value)
                else next.delete('type')
                next.delete('page')
                return next
              })
            }
          >
            <option value="">All types</option>
            {webhookEventTypes.map((t) => (
              <option key={t.type} value={t.type}>
                {t.type}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="fs-button fs-button--secondary fs-button--small"
          onClick={() => void log.refetch()}
        >
          Refresh
        </button>
      </div>
      {log.isPending ? (
        <Loading />
      ) : log.isError ? (
        <ErrorMessage error={log.error} />
      ) : log.data.total === 0 ? (
        <EmptyState title="No deliveries yet">
          Events of the selected types appear here as they are sent (kept for 30 days). Send a test event to see one.
        </EmptyState>
      ) : (
        <>
          <TableWrap label="Delivery log">
            <table className="log-table">
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">State</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Created</th>
                  <th scope="col">Next attempt</th>
                  <th scope="col">
                    <span className="visually-hidden">Details</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {log.data.results.map((event) => (
                  <DeliveryRow
                    key={event.id}
                    event={event}
                    open={open === event.id}
                    onToggle={() => setOpen(open === event.id ? undefined : event.id)}
                    enabled={props.enabled}
                    onNotice={props.onNotice}
                  />
                ))}
              </tbody>
            </table>
          </TableWrap>
          <Pagination {...log.data} onPage={setPage} label="Delivery log pages" />
        </>
      )}
    </section>
  )
}

function DeliveryRow(props: {
  event: WebhookEventSummary
  open: boolean
  onToggle: () => void
  enabled: boolean
  onNotice: (message: string) => void
}) {
  const { event } = props
  const client = useQueryClient()
  const can = useCan()
  const detail = useQuery({
    queryKey: ['webhook-event', event.id, event.attemptCount, event.state],
    queryFn: () => get<WebhookEvent>(`/webhook-events/${encodeURIComponent(event.id)}`),
    enabled: props.open,
  })
  const replay = useMutation({
    mutationFn: () => post<WebhookEvent>(`/webhook-events/${encodeURIComponent(event.id)}/replay`),
    onSuccess: () => {
      props.onNotice(`Replay of ${event.id} queued.`)
      void client.invalidateQueries({ queryKey: ['webhook-log'] })
      void client.invalidateQueries({ queryKey: ['webhook-event', event.id] })
    },
    onError: (error) => props.onNotice(error.message),
  })
  const detailsId = `attempts-${event.id}`
  return (
    <>
      <tr data-event-id={event.id}>
        <td>
          <code>{event.type}</code> {event.testMode && <Badge value="TEST" label="Test" />}
          <div className="muted small">{event.id}</div>
        </td>
        <td>
          <Badge value={event.state} label={event.state === 'DELIVERED' ? 'Delivered' : undefined} />
        </td>
        <td>{event.attemptCount}</td>
        <td>{formatDateTime(event.createdAt)}</td>
        <td>{formatDateTime(event.nextAttemptAt)}</td>
        <td className="cell-actions">
          <button
            type="button"
            className="fs-button fs-button--secondary fs-button--small"
            aria-expanded={props.open}
            aria-controls={detailsId}
            onClick={props.onToggle}
          >
            {props.open ? 'Hide attempts' : 'Attempts'}
            <span className="visually-hidden"> of {event.id}</span>
          </button>
          {can('webhooks.replay') && (
            <button
              type="button"
              className="fs-button fs-button--secondary fs-button--small"
              disabled={!props.enabled || replay.isPending}
              onClick={() => replay.mutate()}
            >
              Replay<span className="visually-hidden"> {event.id}</span>
            </button>
          )}
        </td>
      </tr>
      {props.open && (
        <tr className="log-table__details" id={detailsId}>
          <td colSpan={6}>
            {detail.isPending ? (
              <Loading />
            ) : detail.isError ? (
              <ErrorMessage error={detail.error} />
            ) : detail.data.attempts.length === 0 ? (
              <p className="muted">No attempt yet: the delivery is queued.</p>
            ) : (
              <ol className="attempts">
                {detail.data.attempts.map((attempt) => (
                  <li key={attempt.attemptedAt} className="attempt">
                    <div className="attempt__summary">
                      <strong>{attempt.statusCode ?? attempt.errorClass ?? 'No response'}</strong>
                      <span>{attempt.latencyMs} ms</span>
                      <span>{formatDateTime(attempt.attemptedAt)}</span>
                      {attempt.errorClass && attempt.statusCode !== null && <span>{attempt.errorClass}</span>}
                    </div>
                    {attempt.responseExcerpt && <pre className="attempt__excerpt">{attempt.responseExcerpt}</pre>}
                  </li>
                ))}
              </ol>
            )}
          </td>
        </tr>
      )}
    </>
  )
}
