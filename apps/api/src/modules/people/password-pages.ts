import { Fragment, createElement as h } from 'react'
import { csrfFieldName } from '../admin-sessions/admin-session-policy.js'
import { forgotPasswordPath, passwordRules, setPasswordPath } from './people-policy.js'

/**
 * The server-rendered pages of one-time links (no script, like the sign-in page): choosing a
 * password through a link, and asking for a reset link.
 */

const headings = {
  SET_PASSWORD: 'Set the password of your shop’s admin',
  INVITATION: 'Accept your invitation',
  PASSWORD_RESET: 'Choose a new password',
} as const

function alert(error: string | undefined, id: string) {
  return error ? h('p', { className: 'fs-alert', role: 'alert', id }, error) : null
}

export function SetPasswordPage(props: {
  token: string
  csrfToken: string
  email: string
  shopName: string
  purpose: keyof typeof headings
  error?: string
}) {
  const errorId = props.error ? 'set-password-error' : undefined
  const invalid = props.error ? true : undefined
  return h(
    Fragment,
    null,
    h('h1', null, headings[props.purpose]),
    h('p', { className: 'fs-muted' }, `${props.email} · ${props.shopName}`),
    alert(props.error, 'set-password-error'),
    h(
      'form',
      { method: 'post', action: setPasswordPath },
      h('input', { type: 'hidden', name: csrfFieldName, value: props.csrfToken }),
      h('input', { type: 'hidden', name: 'token', value: props.token }),
      // For password managers: the account the new password belongs to.
      h('input', { type: 'hidden', name: 'email', autoComplete: 'username', value: props.email }),
      h('label', { htmlFor: 'password' }, 'New password'),
      h('input', {
        id: 'password',
        name: 'password',
        type: 'password',
        autoComplete: 'new-password',
        required: true,
        minLength: passwordRules.minLength,
        maxLength: passwordRules.maxLength,
        'aria-describedby': errorId ? `password-hint ${errorId}` : 'password-hint',
        'aria-invalid': invalid,
      }),
      h('p', { className: 'fs-field__hint', id: 'password-hint' }, `At least ${passwordRules.minLength} characters.`),
      h('label', { htmlFor: 'password_confirmation' }, 'Repeat the password'),
      h('input', {
        id: 'password_confirmation',
        name: 'password_confirmation',
        type: 'password',
        autoComplete: 'new-password',
        required: true,
        'aria-describedby': errorId,
        'aria-invalid': invalid,
      }),
      h(
        'div',
        { className: 'fs-actions' },
        h('button', { type: 'submit', className: 'fs-button fs-button--primary' }, 'Set password and sign in'),
      ),
    ),
  )
}

export function ForgotPasswordPage(props: { csrfToken: string; email?: string; error?: string; sent?: string }) {
  if (props.sent) {
    return h(
      Fragment,
      null,
      h('h1', null, 'Check your mail'),
      h('p', { role: 'status' }, props.sent),
      h('p', null, h('a', { href: '/admin/sign-in' }, 'Back to sign-in')),
    )
  }
  const errorId = props.error ? 'forgot-password-error' : undefined
  return h(
    Fragment,
    null,
    h('h1', null, 'Forgot your password?'),
    h('p', { className: 'fs-muted' }, 'Enter the email you sign in with. We mail you a link to choose a new password.'),
    alert(props.error, 'forgot-password-error'),
    h(
      'form',
      { method: 'post', action: forgotPasswordPath },
      h('input', { type: 'hidden', name: csrfFieldName, value: props.csrfToken }),
      h('label', { htmlFor: 'email' }, 'Email'),
      h('input', {
        id: 'email',
        name: 'email',
        type: 'email',
        inputMode: 'email',
        autoComplete: 'username',
        required: true,
        defaultValue: props.email,
        'aria-describedby': errorId,
        'aria-invalid': props.error ? true : undefined,
      }),
      h(
        'div',
        { className: 'fs-actions' },
        h('button', { type: 'submit', className: 'fs-button fs-button--primary' }, 'Mail me a link'),
      ),
    ),
    h('p', null, h('a', { href: '/admin/sign-in' }, 'Back to sign-in')),
  )
}
