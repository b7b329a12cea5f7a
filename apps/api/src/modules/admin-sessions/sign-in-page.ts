import { Fragment, createElement as h } from 'react'
import { csrfFieldName } from './admin-session-policy.js'

/**
 * The server-rendered sign-in form (no script). It posts to `/admin/sign-in` with its own CSRF
 * token (double submit: the same value is in a cookie) and returns to `returnTo` once signed in.
 */
export function SignInPage(props: { returnTo: string; csrfToken: string; email?: string; error?: string }) {
  const errorId = props.error ? 'sign-in-error' : undefined
  const continuing = props.returnTo.startsWith('/admin/platform-apps/')
  return h(
    Fragment,
    null,
    h('h1', null, 'Sign in to your shop'),
    continuing
      ? h('p', { className: 'muted' }, 'Sign in as an admin of the shop to continue connecting the app.')
      : null,
    props.error ? h('p', { className: 'alert', role: 'alert', id: errorId }, props.error) : null,
    h(
      'form',
      { method: 'post', action: '/admin/sign-in' },
      h('input', { type: 'hidden', name: csrfFieldName, value: props.csrfToken }),
      h('input', { type: 'hidden', name: 'return_to', value: props.returnTo }),
      h('label', { htmlFor: 'email' }, 'Email'),
      h('input', {
        id: 'email',
        name: 'email',
        type: 'email',
        autoComplete: 'username',
        required: true,
        defaultValue: props.email,
        'aria-describedby': errorId,
        'aria-invalid': props.error ? true : undefined,
      }),
      h('label', { htmlFor: 'password' }, 'Password'),
      h('input', {
        id: 'password',
        name: 'password',
        type: 'password',
        autoComplete: 'current-password',
        required: true,
        'aria-describedby': errorId,
        'aria-invalid': props.error ? true : undefined,
      }),
      h('div', { className: 'actions' }, h('button', { type: 'submit', className: 'primary' }, 'Sign in')),
    ),
    h('p', null, h('a', { href: '/admin/forgot-password' }, 'Forgot password?')),
  )
}
