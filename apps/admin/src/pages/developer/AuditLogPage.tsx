import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { get } from '../../api/client.ts'
import { useSignedIn } from '../../api/session.ts'
import type { AuditEntry, Page } from '../../api/types.ts'
import { formatDateTime } from '../../ui/format.ts'
import { EmptyState, ErrorMessage, Loading, PageHeader, Pagination, TableWrap } from '../../ui/parts.tsx'
import { usePageParam } from '../../ui/url-state.ts'

/**
 * Who changed which credential, webhook or app connection, newest first (`GET /admin/api/audit-log`,
 * super-admins only). Entries carry ids, never the secrets themselves.
 */
export function Component() {
  const session = useSignedIn()
  const [page, setPage] = usePageParam()
  const entries = useQuery({
    queryKey: ['audit-log', page],
    queryFn: () => get<Page<AuditEntry>>('/audit-log', { page, size: 20 }),
    placeholderData: keepPreviousData,
  })

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every API user, storefront token, webhook secret, webhook endpoint and app connection change made in this admin: who, when and on what. Secrets are never recorded."
      />
      {entries.isPending ? (
        <Loading />
      ) : entries.isError ? (
        <ErrorMessage error={entries.error} />
      ) : entries.data.total === 0 ? (
        <EmptyState title="Nothing recorded yet">
          Creating or deleting an API user, changing the storefront token, revealing or rotating the webhook secret,
          editing webhook endpoints and connecting or disconnecting apps appear here.
        </EmptyState>
      ) : (
        <>
          <TableWrap label="Audit log">
            <table>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">On</th>
                </tr>
              </thead>
              <tbody>
                {entries.data.results.map((entry) => (
                  <tr key={entry.id}>
                    <td>{formatDateTime(entry.createdAt)}</td>
                    <td>
                      {entry.actor.adminUserId === session.user.id ? `${entry.actor.email} (you)` : entry.actor.email}
                    </td>
                    <td>
                      <span className="sentence-case">{entry.description}</span>{' '}
                      <code className="muted">{entry.action}</code>
                      {entry.changedFields && entry.changedFields.length > 0 && (
                        <span className="muted"> — changed: {entry.changedFields.join(', ')}</span>
                      )}
                    </td>
                    <td>
                      <code>{entry.targetId}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          <Pagination {...entries.data} onPage={setPage} label="Audit log pages" />
        </>
      )}
    </>
  )
}
