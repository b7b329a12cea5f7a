import { useForm } from 'react-hook-form'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { ApiError } from '../api/client.ts'
import { useSession, useSignIn } from '../api/session.ts'
import type { Credentials } from '../api/types.ts'
import { Field, FormAlert } from '../forms/Field.tsx'
import { Loading, useDocumentTitle } from '../ui/parts.tsx'

/** Only a path inside the admin: a crafted `return_to` must never send the browser elsewhere. */
function safeReturnTo(value: string | null): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/orders'
  return value.startsWith('/login') ? '/orders' : value
}

export function Component() {
  useDocumentTitle('Sign in')
  const session = useSession()
  const signIn = useSignIn()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const returnTo = safeReturnTo(params.get('return_to'))
  const form = useForm<Credentials>({ defaultValues: { email: '', password: '' } })
  const { errors, isSubmitting } = form.formState

  if (session.isPending) return <Loading />
  if (session.data) return <Navigate to={returnTo} replace />

  const onSubmit = form.handleSubmit(async (credentials) => {
    try {
      await signIn.mutateAsync(credentials)
      navigate(returnTo, { replace: true })
    } catch (error) {
      const message =
        error instanceof ApiError
          ? error.message
          : 'The admin could not be reached. Check your connection and try again.'
      form.setError('root.server', { type: 'server', message })
    }
  })

  return (
    <main className="login" id="main">
      <div className="login__card">
        <div className="login__brand">
          <span className="logo" aria-hidden="true">
            F
          </span>
          <span className="topbar__product">Fanshelf admin</span>
        </div>
        <h1>Sign in to your shop</h1>
        <form onSubmit={onSubmit} noValidate>
          <FormAlert messages={[errors.root?.server?.message]} />
          <Field label="Email" error={errors.email?.message}>
            <input
              type="email"
              autoComplete="username"
              {...form.register('email', { required: 'Enter your email address' })}
            />
          </Field>
          <Field label="Password" error={errors.password?.message}>
            <input
              type="password"
              autoComplete="current-password"
              {...form.register('password', { required: 'Enter your password' })}
            />
          </Field>
          <button type="submit" className="button button--primary button--wide" disabled={isSubmitting}>
            {isSubmitting ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
        <p className="login__hint">
          <a href="/admin/forgot-password">Forgot password?</a>
        </p>
        <p className="login__hint">
          Running locally? The demo shop's logins are in <code>data/demo-credentials.json</code>.
        </p>
      </div>
    </main>
  )
}
