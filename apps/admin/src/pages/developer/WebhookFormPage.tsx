import { webhookConfiguration as validateConfiguration, webhookEventTypes } from 'virtual:fanshelf-contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useParams } from 'react-router'
import { get, post, put } from '../../api/client.ts'
import { useCan } from '../../api/session.ts'
import type { WebhookConfiguration } from '../../api/types.ts'
import { applyServerError, contractResolver, type FieldOf } from '../../forms/contract-form.ts'
import { Field, FieldSet, FormAlert } from '../../forms/Field.tsx'
import { EmptyState, ErrorMessage, Loading, PageHeader } from '../../ui/parts.tsx'

interface ConfigurationForm {
  url: string
  allowedTypes: string[]
}

const toBody = (values: ConfigurationForm) => ({ url: values.url.trim(), allowedTypes: values.allowedTypes })
// Every problem with the list (none picked, an unknown type) is reported on the group.
const fieldOf: FieldOf = (pointer) =>
  pointer.startsWith('/allowedTypes') ? 'allowedTypes' : pointer.slice(1) || undefined

/** Add an endpoint, or edit one (saving also enables a disabled endpoint again). */
export function Component() {
  const { webhookId } = useParams()
  const navigate = useNavigate()
  const client = useQueryClient()
  const may = useCan()(webhookId ? 'webhooks.update' : 'webhooks.create')
  const existing = useQuery({
    queryKey: ['webhook', webhookId],
    queryFn: () => get<WebhookConfiguration>(`/webhooks/${encodeURIComponent(webhookId ?? '')}`),
    enabled: webhookId !== undefined && may,
  })
  const form = useForm<ConfigurationForm>({
    defaultValues: { url: '', allowedTypes: [] },
    resolver: contractResolver(validateConfiguration, toBody, fieldOf),
  })
  useEffect(() => {
    if (existing.data) form.reset({ url: existing.data.url, allowedTypes: existing.data.allowedTypes })
  }, [existing.data, form])
  const save = useMutation({
    mutationFn: (values: ConfigurationForm) =>
      webhookId
        ? put<WebhookConfiguration>(`/webhooks/${encodeURIComponent(webhookId)}`, toBody(values))
        : post<WebhookConfiguration>('/webhooks', toBody(values)),
    onSuccess: (configuration) => {
      void client.invalidateQueries({ queryKey: ['webhooks'] })
      client.setQueryData(['webhook', configuration.id], configuration)
      navigate(`/developer/webhooks/${configuration.id}`)
    },
    onError: (error) => applyServerError(error, form.setError, fieldOf),
  })
  const { errors } = form.formState

  if (!may) {
    return (
      <EmptyState title="Only a super-admin can change webhook endpoints">
        Ask a super-admin of the shop to add or edit this endpoint.
      </EmptyState>
    )
  }
  if (webhookId && existing.isPending) return <Loading />
  if (webhookId && existing.isError) return <ErrorMessage error={existing.error} />

  return (
    <>
      <PageHeader
        title={webhookId ? 'Edit endpoint' : 'Add endpoint'}
        description="The URL receives a POST for every event of the types you pick. Answer 2xx within 5 seconds."
      />
      <form className="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <FormAlert messages={[errors.root?.server?.message, errors.root?.contract?.message]} />
        <Field
          label="Endpoint URL"
          hint="An http or https URL that accepts POST requests, e.g. https://example.com/fanshelf/webhooks"
          error={errors.url?.message}
        >
          <input type="url" inputMode="url" autoComplete="off" spellCheck={false} {...form.register('url')} />
        </Field>
        <FieldSet legend="Events to send" error={errors.allowedTypes?.message} className="event-picker">
          <div className="button-row">
            <button
              type="button"
              className="fs-button fs-button--link"
              onClick={() =>
                form.setValue(
                  'allowedTypes',
                  webhookEventTypes.map((t) => t.type),
                  { shouldDirty: true },
                )
              }
            >
              Select all
            </button>
            <button
              type="button"
              className="fs-button fs-button--link"
              onClick={() => form.setValue('allowedTypes', [], { shouldDirty: true })}
            >
              Clear
            </button>
          </div>
          <ul className="checkbox-list">
            {webhookEventTypes.map((event) => (
              <li key={event.type}>
                <label className="checkbox">
                  <input type="checkbox" value={event.type} {...form.register('allowedTypes')} />
                  <span>
                    <span className="checkbox__title">
                      <code>{event.type}</code> — {event.summary}
                    </span>
                    <span className="checkbox__description">{event.description}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </FieldSet>
        <div className="button-row">
          <button type="submit" className="fs-button fs-button--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : webhookId ? 'Save endpoint' : 'Add endpoint'}
          </button>
          <Link
            className="fs-button fs-button--secondary"
            to={webhookId ? `/developer/webhooks/${webhookId}` : '/developer/webhooks'}
          >
            Cancel
          </Link>
        </div>
      </form>
    </>
  )
}
