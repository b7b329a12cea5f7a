import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { get } from '../../api/client.ts'
import { useCan } from '../../api/session.ts'
import type { Page, WebhookConfiguration } from '../../api/types.ts'
import { formatDateTime } from '../../ui/format.ts'
import { Badge, EmptyState, ErrorMessage, Loading, PageHeader, Pagination, TableWrap } from '../../ui/parts.tsx'
import { usePageParam } from '../../ui/url-state.ts'
import { WebhookSecretPanel } from './WebhookSecretPanel.tsx'

/** Webhook configurations of the shop and its signing secret. */
export function Component() {
  const can = useCan()
  const [page, setPage] = usePageParam()
  const addEndpoint = can('webhooks.create') ? (
    <Link className="fs-button fs-button--primary" to="new">
      Add endpoint
    </Link>
  ) : undefined
  const configurations = useQuery({
    queryKey: ['webhooks', page],
    queryFn: () => get<Page<WebhookConfiguration>>('/webhooks', { page, size: 20 }),
    placeholderData: keepPreviousData,
  })

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Fanshelf POSTs each event to the endpoints that subscribe to its type, retries failures for days, and keeps a delivery log you can replay from."
        actions={addEndpoint}
      />
      <section aria-labelledby="endpoints-title">
        <h2 id="endpoints-title">Endpoints</h2>
        {configurations.isPending ? (
          <Loading />
        ) : configurations.isError ? (
          <ErrorMessage error={configurations.error} />
        ) : configurations.data.total === 0 ? (
          <EmptyState title="No endpoints yet" action={addEndpoint}>
            Add the URL of a receiver and pick the events it needs. Then send it a test event to check your signature
            verification.
          </EmptyState>
        ) : (
          <>
            <TableWrap label="Webhook endpoints">
              <table>
                <thead>
                  <tr>
                    <th scope="col">URL</th>
                    <th scope="col">Events</th>
                    <th scope="col">Status</th>
                    <th scope="col">Updated</th>
                  </tr>
                </thead>
                <tbody>
                  {configurations.data.results.map((configuration) => (
                    <tr key={configuration.id}>
                      <td className="cell-url">
                        <Link to={configuration.id}>{configuration.url}</Link>
                      </td>
                      <td>
                        {configuration.allowedTypes.length === 1
                          ? configuration.allowedTypes[0]
                          : `${configuration.allowedTypes.length} types`}
                      </td>
                      <td>
                        {configuration.enabled ? (
                          <Badge value="ENABLED" label="Enabled" />
                        ) : (
                          <Badge value="DISABLED" label="Disabled" />
                        )}
                      </td>
                      <td>{formatDateTime(configuration.updatedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
            <Pagination {...configurations.data} onPage={setPage} label="Endpoint pages" />
          </>
        )}
      </section>
      {can('webhookSecret.reveal') && <WebhookSecretPanel />}
    </>
  )
}
