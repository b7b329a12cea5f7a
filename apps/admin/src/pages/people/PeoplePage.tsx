import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { del, get, post, put } from '../../api/client.ts'
import { useSignedIn } from '../../api/session.ts'
import type { Invitation, NewPerson, Page, Person, Role } from '../../api/types.ts'
import { applyServerError } from '../../forms/contract-form.ts'
import { Field, FormAlert } from '../../forms/Field.tsx'
import { useConfirm } from '../../ui/confirm.tsx'
import { formatDateTime } from '../../ui/format.ts'
import {
  Badge,
  CopyButton,
  ErrorMessage,
  Loading,
  Notice,
  PageHeader,
  Pagination,
  TableWrap,
  useDocumentTitle,
} from '../../ui/parts.tsx'
import { usePageParam } from '../../ui/url-state.ts'

const roleLabels: Record<Role, string> = { SUPER_ADMIN: 'Super-admin', STAFF: 'Staff' }

/** The shop's people (super-admins only): invite by email with a role, change roles, remove. */
export function Component() {
  useDocumentTitle('People')
  const session = useSignedIn()
  const [page, setPage] = usePageParam()
  const client = useQueryClient()
  const confirm = useConfirm()
  const [invited, setInvited] = useState<Invitation | undefined>()
  const [notice, setNotice] = useState<string | undefined>()
  const people = useQuery({
    queryKey: ['people', page],
    queryFn: () => get<Page<Person>>('/people', { page, size: 20 }),
    placeholderData: keepPreviousData,
  })
  const form = useForm<NewPerson>({ defaultValues: { email: '', role: 'STAFF' } })
  const refresh = () => client.invalidateQueries({ queryKey: ['people'] })
  const invite = useMutation({
    mutationFn: (values: NewPerson) => post<Invitation>('/people', values),
    onSuccess: (answer) => {
      setInvited(answer)
      form.reset()
      void refresh()
    },
    onError: (error) => applyServerError(error, form.setError),
  })
  const changeRole = useMutation({
    mutationFn: (change: { person: Person; role: Role }) =>
      put<Person>(`/people/${encodeURIComponent(change.person.id)}/role`, { role: change.role }),
    onSuccess: (person) => {
      setNotice(`${person.email} is now ${roleLabels[person.role].toLowerCase()}.`)
      void refresh()
    },
    onError: (error) => setNotice(error.message),
  })
  const remove = useMutation({
    mutationFn: (person: Person) => del(`/people/${encodeURIComponent(person.id)}`),
    onSuccess: (_data, person) => {
      setNotice(`Removed ${person.email}. Their sessions ended.`)
      void refresh()
    },
    onError: (error) => setNotice(error.message),
  })
  const { errors } = form.formState

  return (
    <>
      <PageHeader
        title="People"
        description="Everyone who runs this shop. Staff run the catalogue, orders and promotions; super-admins also manage credentials, webhooks, apps and people."
      />
      <Notice message={notice} onDismiss={() => setNotice(undefined)} />

      {invited && (
        <section className="panel panel--highlight" aria-labelledby="invited-title">
          <h2 id="invited-title">Invitation for {invited.person.email}</h2>
          {invited.invitation.url ? (
            <>
              <p>
                This server sends no mail: give them this link yourself. It is shown only once and works once, until{' '}
                {formatDateTime(invited.invitation.expiresAt)}.
              </p>
              <p>
                <code data-testid="invitation-url">{invited.invitation.url}</code>{' '}
                <CopyButton text={invited.invitation.url} label="Copy link" />
              </p>
            </>
          ) : (
            <p>We mailed them a link. It works once, until {formatDateTime(invited.invitation.expiresAt)}.</p>
          )}
          <button type="button" className="fs-button fs-button--secondary" onClick={() => setInvited(undefined)}>
            Done
          </button>
        </section>
      )}

      <section className="panel" aria-labelledby="invite-title">
        <h2 id="invite-title">Invite someone</h2>
        <form className="inline-form" noValidate onSubmit={form.handleSubmit((values) => invite.mutate(values))}>
          <FormAlert messages={[errors.root?.server?.message]} />
          <Field label="Email" error={errors.email?.message}>
            <input type="email" autoComplete="off" {...form.register('email', { required: 'Enter their email' })} />
          </Field>
          <Field label="Role" error={errors.role?.message}>
            <select {...form.register('role')}>
              <option value="STAFF">Staff</option>
              <option value="SUPER_ADMIN">Super-admin</option>
            </select>
          </Field>
          <button type="submit" className="fs-button fs-button--primary" disabled={invite.isPending}>
            {invite.isPending ? 'Inviting…' : 'Invite'}
          </button>
        </form>
      </section>

      <section aria-labelledby="people-title">
        <h2 id="people-title">People</h2>
        {people.isPending ? (
          <Loading />
        ) : people.isError ? (
          <ErrorMessage error={people.error} />
        ) : (
          <>
            <TableWrap label="People">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Email</th>
                    <th scope="col">Name</th>
                    <th scope="col">Role</th>
                    <th scope="col">Status</th>
                    <th scope="col">Since</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {people.data.results.map((person) => {
                    const isMe = person.id === session.user.id
                    const other: Role = person.role === 'STAFF' ? 'SUPER_ADMIN' : 'STAFF'
                    return (
                      <tr key={person.id}>
                        <td>
                          {person.email}
                          {isMe ? ' (you)' : ''}
                        </td>
                        <td>{person.name}</td>
                        <td>{roleLabels[person.role]}</td>
                        <td>
                          <Badge value={person.status} label={person.status === 'ACTIVE' ? 'Active' : 'Invited'} />
                        </td>
                        <td>{formatDateTime(person.createdAt)}</td>
                        <td className="cell-actions">
                          <button
                            type="button"
                            className="fs-button fs-button--secondary fs-button--small"
                            disabled={changeRole.isPending}
                            onClick={() => changeRole.mutate({ person, role: other })}
                          >
                            Make {roleLabels[other].toLowerCase()}
                            <span className="visually-hidden"> {person.email}</span>
                          </button>{' '}
                          {!isMe && (
                            <button
                              type="button"
                              className="fs-button fs-button--danger fs-button--small"
                              disabled={remove.isPending}
                              onClick={async () => {
                                const ok = await confirm({
                                  title: `Remove ${person.email}?`,
                                  message: 'They are signed out at once and can no longer sign in to this shop.',
                                  confirmLabel: 'Remove',
                                  destructive: true,
                                })
                                if (ok) remove.mutate(person)
                              }}
                            >
                              Remove<span className="visually-hidden"> {person.email}</span>
                            </button>
                          )}
                        </td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </TableWrap>
            <Pagination {...people.data} onPage={setPage} label="People pages" />
          </>
        )}
      </section>
    </>
  )
}
