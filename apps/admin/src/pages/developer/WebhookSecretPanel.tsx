import { secretRotationGraceHours, secretRotation as validateRotation } from 'virtual:fanshelf-contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { get, post } from '../../api/client.ts'
import { useCan } from '../../api/session.ts'
import type { WebhookSecret } from '../../api/types.ts'
import { applyServerError, contractResolver, numberOf } from '../../forms/contract-form.ts'
import { Field, FormAlert } from '../../forms/Field.tsx'
import { useConfirm } from '../../ui/confirm.tsx'
import { formatDateTime } from '../../ui/format.ts'
import { CopyButton, ErrorMessage, Loading } from '../../ui/parts.tsx'

const graceChoices = [0, 1, 24, 72, secretRotationGraceHours].filter((h, i, all) => all.indexOf(h) === i)

interface Rotation {
  graceHours: string
}

/**
 * The shop's signing secret: fetched only when the admin reveals it (every reveal is in the audit
 * log), copyable, rotated with a grace period.
 */
export function WebhookSecretPanel() {
  const client = useQueryClient()
  const confirm = useConfirm()
  const can = useCan()
  const [revealed, setRevealed] = useState(false)
  const [rotatedNote, setRotatedNote] = useState<string | undefined>()
  const secret = useQuery({
    queryKey: ['webhook-secret'],
    queryFn: () => get<WebhookSecret>('/webhook-secret'),
    enabled: revealed,
    staleTime: Number.POSITIVE_INFINITY,
  })
  const toBody = (values: Rotation) => ({ graceHours: numberOf(values.graceHours) })
  const form = useForm<Rotation>({
    defaultValues: { graceHours: '24' },
    resolver: contractResolver(validateRotation, toBody),
  })
  const rotate = useMutation({
    mutationFn: (values: Rotation) => post<WebhookSecret>('/webhook-secret/rotate', toBody(values)),
    onSuccess: (next) => {
      client.setQueryData(['webhook-secret'], next)
      setRevealed(true)
      setRotatedNote(
        next.previousSecretExpiresAt
          ? `Rotated. Deliveries carry signatures with both secrets until ${formatDateTime(next.previousSecretExpiresAt)}.`
          : 'Rotated. Deliveries are signed with the new secret only.',
      )
    },
    onError: (error) => applyServerError(error, form.setError),
  })

  return (
    <section className="panel" aria-labelledby="secret-title">
      <h2 id="secret-title">Signing secret</h2>
      <p>
        Every delivery is signed with this secret: <code>X-Fourthwall-Hmac-SHA256</code> (also sent as{' '}
        <code>X-Fanshelf-Hmac-SHA256</code>) and the Standard Webhooks <code>webhook-signature</code> header. Verify it
        before trusting a delivery.
      </p>
      <p className="secret-row">
        <code data-testid="webhook-secret">{revealed && secret.data ? secret.data.secret : '•'.repeat(24)}</code>
        <button
          type="button"
          className="fs-button fs-button--secondary fs-button--small"
          aria-pressed={revealed}
          onClick={() => setRevealed(!revealed)}
        >
          {revealed ? 'Hide' : 'Reveal'}
        </button>
        {revealed && secret.data && <CopyButton text={secret.data.secret} label="Copy secret" />}
      </p>
      {revealed && secret.isPending && <Loading />}
      {secret.isError && <ErrorMessage error={secret.error} />}
      {revealed && secret.data?.previousSecretExpiresAt && (
        <p className="note">
          The previous secret also signs deliveries until {formatDateTime(secret.data.previousSecretExpiresAt)}.
        </p>
      )}
      <div role="status">{rotatedNote && <p className="alert alert--success">{rotatedNote}</p>}</div>
      {can('webhookSecret.rotate') && (
        <form
          className="inline-form"
          noValidate
          onSubmit={form.handleSubmit(async (values) => {
            const hours = numberOf(values.graceHours) ?? 0
            const ok = await confirm({
              title: 'Rotate the signing secret?',
              message:
                hours > 0
                  ? `A new secret signs from now on. For ${hours} hour(s) deliveries also carry a signature with the old one, so receivers keep working while you update them.`
                  : 'A new secret signs from now on and the old one stops at once: receivers fail verification until you update them.',
              confirmLabel: 'Rotate secret',
              destructive: true,
            })
            if (ok) rotate.mutate(values)
          })}
        >
          <FormAlert messages={[form.formState.errors.root?.server?.message]} />
          <Field
            label="Old secret keeps signing for"
            error={form.formState.errors.graceHours?.message}
            hint="Standard Webhooks receivers accept either signature meanwhile."
          >
            <select {...form.register('graceHours')}>
              {graceChoices.map((hours) => (
                <option key={hours} value={hours}>
                  {hours === 0 ? 'No grace period' : hours === 1 ? '1 hour' : `${hours} hours`}
                </option>
              ))}
            </select>
          </Field>
          <button type="submit" className="fs-button fs-button--secondary" disabled={rotate.isPending}>
            Rotate secret
          </button>
        </form>
      )}
    </section>
  )
}
