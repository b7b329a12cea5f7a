import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { put } from '../../api/client.ts'
import { applyServerError } from '../../forms/contract-form.ts'
import { Field, FormAlert } from '../../forms/Field.tsx'
import { Notice, PageHeader, useDocumentTitle } from '../../ui/parts.tsx'

interface PasswordChange {
  currentPassword: string
  newPassword: string
  repeat: string
}

/** Any admin: change your own password (the current one is required; your other sessions end). */
export function Component() {
  useDocumentTitle('Your password')
  const [notice, setNotice] = useState<string | undefined>()
  const form = useForm<PasswordChange>({ defaultValues: { currentPassword: '', newPassword: '', repeat: '' } })
  const change = useMutation({
    mutationFn: (values: PasswordChange) =>
      put<void>('/password', { currentPassword: values.currentPassword, newPassword: values.newPassword }),
    onSuccess: () => {
      form.reset()
      setNotice('Your password is changed. Your other sessions were signed out.')
    },
    onError: (error) => applyServerError(error, form.setError),
  })
  const { errors } = form.formState
  return (
    <>
      <PageHeader
        title="Your password"
        description="At least 12 characters. Changing it signs out your other sessions."
      />
      <Notice message={notice} onDismiss={() => setNotice(undefined)} />
      <form className="panel" noValidate onSubmit={form.handleSubmit((values) => change.mutate(values))}>
        <FormAlert messages={[errors.root?.server?.message]} />
        <Field label="Current password" error={errors.currentPassword?.message}>
          <input
            type="password"
            autoComplete="current-password"
            {...form.register('currentPassword', { required: 'Enter your current password' })}
          />
        </Field>
        <Field label="New password" error={errors.newPassword?.message}>
          <input
            type="password"
            autoComplete="new-password"
            {...form.register('newPassword', {
              required: 'Enter a new password',
              minLength: { value: 12, message: 'Use at least 12 characters' },
            })}
          />
        </Field>
        <Field label="Repeat the new password" error={errors.repeat?.message}>
          <input
            type="password"
            autoComplete="new-password"
            {...form.register('repeat', {
              validate: (value, values) => value === values.newPassword || 'The two passwords differ',
            })}
          />
        </Field>
        <button type="submit" className="fs-button fs-button--primary" disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </button>
      </form>
    </>
  )
}
