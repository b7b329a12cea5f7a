import { Fragment, createElement as h } from 'react'
import { csrfFieldName } from '../admin-sessions/admin-session-policy.js'
import type { AuthorizationParameters } from './consent-request.js'

/**
 * The consent page (server-rendered, no script): which app, which shop, what it may do in plain
 * words, and two submit buttons in one form carrying the session's CSRF token and the request's
 * parameters. Styled by the design system (the same tokens and `fs-` components as the admin and
 * the checkout; admin-page.ts inlines them).
 */

export interface ConsentPageProps {
  clientId: string
  appName: string
  shop: { name: string; domain: string }
  adminEmail: string
  /** Plain-word descriptions of the scopes, in registration order. */
  permissions: string[]
  parameters: AuthorizationParameters
  csrfToken: string
  /** This page's own path, for the sign-out form to come back to. */
  returnTo: string
  /** Set for an MCP client that registered itself (decision 0051): the page says so. */
  selfRegistered?: { registeredAt: string }
}

function hidden(name: string, value: string | undefined) {
  return value === undefined ? null : h('input', { type: 'hidden', name, value })
}

export function ConsentPage(props: ConsentPageProps) {
  const { parameters } = props
  const destination = new URL(parameters.redirectUri).origin
  return h(
    Fragment,
    null,
    h('h1', null, `Connect ${props.appName} to ${props.shop.name}?`),
    props.selfRegistered
      ? h(SelfRegisteredNotice, { ...props.selfRegistered, appName: props.appName, destination })
      : null,
    h(
      'p',
      null,
      h('strong', null, props.appName),
      ' asks for access to your shop ',
      h('strong', null, props.shop.name),
      ` (${props.shop.domain}). If you approve, it will be able to:`,
    ),
    h(
      'ul',
      { className: 'fs-scopes', 'aria-label': 'What the app will be able to do' },
      ...props.permissions.map((permission) => h('li', { key: permission }, permission)),
      h('li', { key: 'shop' }, 'See the shop’s name, domain and contact details'),
    ),
    h(
      'p',
      { className: 'fs-muted' },
      'After you decide, you return to ',
      h('code', null, destination),
      '. You can disconnect the app at any time in the admin’s developer settings.',
    ),
    h(
      'form',
      { method: 'post', action: `/admin/platform-apps/${encodeURIComponent(props.clientId)}/connect` },
      hidden(csrfFieldName, props.csrfToken),
      hidden('client_id', props.clientId),
      hidden('redirect_uri', parameters.redirectUri),
      hidden('state', parameters.state),
      hidden('code_challenge', parameters.codeChallenge),
      hidden('code_challenge_method', parameters.codeChallengeMethod),
      hidden('resource', parameters.resource),
      h(
        'div',
        { className: 'fs-actions' },
        h(
          'button',
          { type: 'submit', name: 'decision', value: 'approve', className: 'fs-button fs-button--primary' },
          'Approve',
        ),
        h(
          'button',
          { type: 'submit', name: 'decision', value: 'deny', className: 'fs-button fs-button--secondary' },
          'Deny',
        ),
      ),
    ),
    h(
      'form',
      { method: 'post', action: '/admin/sign-out', className: 'fs-muted' },
      hidden(csrfFieldName, props.csrfToken),
      hidden('return_to', props.returnTo),
      h(
        'p',
        null,
        `Signed in as ${props.adminEmail}. `,
        h('button', { type: 'submit', className: 'fs-button fs-button--link' }, 'Not you? Sign out'),
      ),
    ),
  )
}

/**
 * What a shop must know before approving an MCP client that registered itself: nobody reviewed it,
 * its name is its own claim, and where the browser goes next.
 */
function SelfRegisteredNotice(props: { appName: string; registeredAt: string; destination: string }) {
  return h(
    'div',
    { role: 'note', className: 'fs-notice' },
    h(
      'p',
      null,
      h('strong', null, 'This app registered itself. '),
      `“${props.appName}” is the name it gave when it registered as an MCP client (an AI agent such as Claude Desktop or VS Code) on ${props.registeredAt.slice(0, 10)}. `,
      'Fanshelf has not reviewed it, and nothing proves who made it.',
    ),
    h(
      'p',
      null,
      'Approve only if you have just asked an AI agent to connect to your shop. After you decide, it receives the answer at ',
      h('code', null, props.destination),
      '.',
    ),
  )
}

export interface ConsentNotAllowedPageProps {
  appName: string
  shop: { name: string }
  adminEmail: string
  csrfToken: string
  /** The consent page's path: signing out comes back to it, to sign in as a super-admin. */
  returnTo: string
}

/** Shown instead of the consent page to an admin whose role may not connect apps (decision 0027). */
export function ConsentNotAllowedPage(props: ConsentNotAllowedPageProps) {
  return h(
    Fragment,
    null,
    h(
      'div',
      { role: 'alert' },
      h('h1', null, `Only a super-admin can connect ${props.appName}`),
      h(
        'p',
        null,
        `Connecting an app gives it access to ${props.shop.name}, so only a super-admin of the shop may approve it. `,
        `You are signed in as ${props.adminEmail}, who is not.`,
      ),
    ),
    h(
      'form',
      { method: 'post', action: '/admin/sign-out' },
      hidden(csrfFieldName, props.csrfToken),
      hidden('return_to', props.returnTo),
      h(
        'div',
        { className: 'fs-actions' },
        h('button', { type: 'submit', className: 'fs-button fs-button--primary' }, 'Sign in as a super-admin'),
      ),
    ),
  )
}
