import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { del, get } from '../../api/client.ts'
import { useCan } from '../../api/session.ts'
import type { PlatformAppConnection } from '../../api/types.ts'
import { useConfirm } from '../../ui/confirm.tsx'
import { formatDateTime } from '../../ui/format.ts'
import { EmptyState, ErrorMessage, Loading, Notice, PageHeader, Pagination } from '../../ui/parts.tsx'
import { usePageParam } from '../../ui/url-state.ts'

const pageSize = 10

/** Partner apps the shop connected through OAuth consent: what each may do, and disconnect. */
export function Component() {
  const client = useQueryClient()
  const confirm = useConfirm()
  const can = useCan()
  const [page, setPage] = usePageParam()
  const [notice, setNotice] = useState<string | undefined>()
  const connections = useQuery({
    queryKey: ['platform-apps'],
    queryFn: () => get<{ results: PlatformAppConnection[] }>('/platform-apps/connections'),
  })
  const disconnect = useMutation({
    mutationFn: (app: PlatformAppConnection) => del(`/platform-apps/${encodeURIComponent(app.appId)}/connection`),
    onSuccess: (_data, app) => {
      setNotice(`${app.name} is disconnected: its tokens stopped working and it was notified.`)
      void client.invalidateQueries({ queryKey: ['platform-apps'] })
    },
    onError: (error) => setNotice(error.message),
  })

  const all = connections.data?.results ?? []
  const total = all.length
  const totalPages = Math.ceil(total / pageSize)
  const shown = all.slice(page * pageSize, (page + 1) * pageSize)

  return (
    <>
      <PageHeader
        title="Platform apps"
        description="Partner apps you approved on a consent page act on the shop with the permissions listed here."
      />
      <Notice message={notice} onDismiss={() => setNotice(undefined)} />
      {connections.isPending ? (
        <Loading />
      ) : connections.isError ? (
        <ErrorMessage error={connections.error} />
      ) : total === 0 ? (
        <EmptyState title="No connected apps">
          When you approve a partner app on its consent page (it sends you to
          <code> /admin/platform-apps/…/connect</code>), it appears here and you can disconnect it at any time.
        </EmptyState>
      ) : (
        <>
          <ul className="card-list">
            {shown.map((app) => (
              <li key={app.appId} className="card">
                <div className="card__header">
                  <h2 className="card__title">{app.name}</h2>
                  {can('platformApps.disconnect') && (
                    <button
                      type="button"
                      className="fs-button fs-button--danger fs-button--small"
                      disabled={disconnect.isPending}
                      onClick={async () => {
                        const ok = await confirm({
                          title: `Disconnect ${app.name}?`,
                          message:
                            'Its access and refresh tokens stop working at once and the app is notified. It needs your consent again to reconnect.',
                          confirmLabel: 'Disconnect',
                          destructive: true,
                        })
                        if (ok) disconnect.mutate(app)
                      }}
                    >
                      Disconnect<span className="visually-hidden"> {app.name}</span>
                    </button>
                  )}
                </div>
                <p className="muted">
                  Connected {formatDateTime(app.connectedAt)}
                  {app.consentedAt !== app.connectedAt && ` · consent renewed ${formatDateTime(app.consentedAt)}`}
                </p>
                <h3 className="card__subtitle">Permissions</h3>
                <ul className="permission-list">
                  {app.scopes.map((scope) => (
                    <li key={scope.scope}>
                      {scope.description} <code className="muted">{scope.scope}</code>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            totalPages={totalPages}
            total={total}
            size={pageSize}
            onPage={setPage}
            label="Connected app pages"
          />
        </>
      )}
    </>
  )
}
