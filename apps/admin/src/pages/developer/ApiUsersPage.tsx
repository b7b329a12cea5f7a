import { apiUser as validateApiUser } from 'virtual:fanshelf-contract'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { del, get, post } from '../../api/client.ts'
import { useCan, useSignedIn } from '../../api/session.ts'
import type { ApiUser, CreatedApiUser, Page } from '../../api/types.ts'
import { applyServerError, contractResolver } from '../../forms/contract-form.ts'
import { Field, FormAlert } from '../../forms/Field.tsx'
import { useConfirm } from '../../ui/confirm.tsx'
import { formatDateTime } from '../../ui/format.ts'
import {
  CopyButton,
  EmptyState,
  ErrorMessage,
  Loading,
  Notice,
  PageHeader,
  Pagination,
  TableWrap,
} from '../../ui/parts.tsx'
import { usePageParam } from '../../ui/url-state.ts'

interface NewApiUser {
  label: string
}

/** Open API credentials (HTTP basic): list, create (the password is shown once), delete — as the role allows. */
export function Component() {
  const session = useSignedIn()
  const can = useCan()
  const mayCreate = can('apiUsers.create')
  const mayDelete = can('apiUsers.delete')
  const [page, setPage] = usePageParam()
  const client = useQueryClient()
  const confirm = useConfirm()
  const [created, setCreated] = useState<CreatedApiUser | undefined>()
  const [notice, setNotice] = useState<string | undefined>()
  const users = useQuery({
    queryKey: ['api-users', page],
    queryFn: () => get<Page<ApiUser>>('/api-users', { page, size: 20 }),
    placeholderData: keepPreviousData,
  })
  const form = useForm<NewApiUser>({
    defaultValues: { label: '' },
    resolver: contractResolver(validateApiUser, (values: NewApiUser) => (values.label ? { label: values.label } : {})),
  })
  const create = useMutation({
    mutationFn: (values: NewApiUser) => post<CreatedApiUser>('/api-users', values.label ? { label: values.label } : {}),
    onSuccess: (user) => {
      setCreated(user)
      form.reset()
      void client.invalidateQueries({ queryKey: ['api-users'] })
    },
    onError: (error) => applyServerError(error, form.setError),
  })
  const remove = useMutation({
    mutationFn: (user: ApiUser) => del(`/api-users/${encodeURIComponent(user.id)}`),
    onSuccess: (_data, user) => {
      setNotice(`Deleted ${user.username}. Integrations using it can no longer call the open API.`)
      void client.invalidateQueries({ queryKey: ['api-users'] })
    },
    onError: (error) => setNotice(error.message),
  })
  const { errors } = form.formState

  return (
    <>
      <PageHeader
        title="Open API"
        description="API users sign open API requests with HTTP basic authentication. Each integration should have its own, so you can delete one without breaking the others."
      />
      <Notice message={notice} onDismiss={() => setNotice(undefined)} />

      {created && (
        <section className="panel panel--highlight" aria-labelledby="created-title">
          <h2 id="created-title">Save these credentials now</h2>
          <p>The password is shown only once. Store it in your integration's secret manager.</p>
          <dl className="credentials">
            <dt>Username</dt>
            <dd>
              <code>{created.username}</code> <CopyButton text={created.username} label="Copy username" />
            </dd>
            <dt>Password</dt>
            <dd>
              <code data-testid="created-password">{created.password}</code>{' '}
              <CopyButton text={created.password} label="Copy password" />
            </dd>
          </dl>
          <button type="button" className="fs-button fs-button--secondary" onClick={() => setCreated(undefined)}>
            I have saved it
          </button>
        </section>
      )}

      {mayCreate ? (
        <section className="panel" aria-labelledby="create-title">
          <h2 id="create-title">Create an API user</h2>
          <form className="inline-form" noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))}>
            <FormAlert messages={[errors.root?.server?.message]} />
            <Field
              label="Label (optional)"
              hint="What the credentials are for; it starts the username."
              error={errors.label?.message}
            >
              <input type="text" autoComplete="off" {...form.register('label')} />
            </Field>
            <button type="submit" className="fs-button fs-button--primary" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create API user'}
            </button>
          </form>
        </section>
      ) : (
        <p className="note">Only a super-admin of the shop can create or delete API users.</p>
      )}

      <section aria-labelledby="list-title">
        <h2 id="list-title">API users</h2>
        {users.isPending ? (
          <Loading />
        ) : users.isError ? (
          <ErrorMessage error={users.error} />
        ) : users.data.total === 0 ? (
          <EmptyState title="No API users yet">
            {mayCreate
              ? 'Create one above, then use its username and password with HTTP basic authentication on /open-api/v1.0.'
              : 'A super-admin of the shop can create one for your integration.'}
          </EmptyState>
        ) : (
          <>
            <TableWrap label="API users">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Username</th>
                    <th scope="col">Created</th>
                    <th scope="col">Created by</th>
                    {mayDelete && (
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {users.data.results.map((user) => (
                    <tr key={user.id}>
                      <td>
                        <code>{user.username}</code>
                      </td>
                      <td>{formatDateTime(user.createdAt)}</td>
                      <td>{user.createdBy === session.user.id ? 'You' : user.createdBy ? 'Another admin' : 'Setup'}</td>
                      {mayDelete && (
                        <td className="cell-actions">
                          <button
                            type="button"
                            className="fs-button fs-button--danger fs-button--small"
                            disabled={remove.isPending}
                            onClick={async () => {
                              const ok = await confirm({
                                title: `Delete ${user.username}?`,
                                message: 'Integrations using these credentials will get 401 from the open API at once.',
                                confirmLabel: 'Delete API user',
                                destructive: true,
                              })
                              if (ok) remove.mutate(user)
                            }}
                          >
                            Delete<span className="visually-hidden"> {user.username}</span>
                          </button>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
            <Pagination {...users.data} onPage={setPage} label="API users pages" />
          </>
        )}
      </section>
    </>
  )
}
