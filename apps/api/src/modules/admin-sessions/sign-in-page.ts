import { Button, TextField } from '@fanshelf/ui'
import { Fragment, createElement as h } from 'react'
import { csrfFieldName } from './admin-session-policy.js'

/**
 * The admin's one sign-in page (decision 0052), server-rendered with the design system's
 * components and no script: the merchant admin SPA (`/admin/login` redirects here) and the OAuth
 * consent flow both send signed-out visitors to it. It posts to `/admin/sign-in` with its own CSRF
 * token (double submit: the same value is in a cookie) and returns to `returnTo` once signed in.
 */
export function SignInPage(props: { returnTo: string; csrfToken: string; email?: string; error?: string }) {
  const errorId = props.error ? 'sign-in-error' : undefined
  const continuing = props.returnTo.startsWith('/admin/platform-apps/')
  const invalid = props.error ? true : undefined
  return h(
    Fragment,
    null,
    h('h1', null, 'Sign in to your shop'),
    continuing
      ? h('p', { className: 'fs-muted' }, 'Sign in as an admin of the shop to continue connecting the app.')
      : null,
    props.error ? h('p', { className: 'fs-alert', role: 'alert', id: errorId }, props.error) : null,
    h(
      'form',
      { method: 'post', action: '/admin/sign-in' },
      h('input', { type: 'hidden', name: csrfFieldName, value: props.csrfToken }),
      h('input', { type: 'hidden', name: 'return_to', value: props.returnTo }),
      h(TextField, {
        id: 'email',
        label: 'Email',
        name: 'email',
        type: 'email',
        inputMode: 'email',
        autoComplete: 'username',
        autoCapitalize: 'none',
        spellCheck: false,
        required: true,
        defaultValue: props.email,
        'aria-describedby': errorId,
        'aria-invalid': invalid,
      }),
      h(TextField, {
        id: 'password',
        label: 'Password',
        name: 'password',
        type: 'password',
        autoComplete: 'current-password',
        required: true,
        'aria-describedby': errorId,
        'aria-invalid': invalid,
      }),
      h('div', { className: 'fs-actions' }, h(Button, { type: 'submit', variant: 'primary', wide: true }, 'Sign in')),
    ),
    h('p', null, h('a', { href: '/admin/forgot-password' }, 'Forgot password?')),
    h(
      'p',
      { className: 'fs-muted' },
      'Running locally? The demo shop’s logins are in ',
      h('code', null, 'data/demo-credentials.json'),
      ' (',
      h('code', null, 'fanshelf demo-credentials'),
      ' prints them).',
    ),
  )
}
