import { DomainError } from '../../errors/domain-error.js'

/**
 * Who may do what in the merchant admin (decision 0027): one row per action, the roles allowed
 * and whether the action goes into the shop's audit log. Every admin-session route names its
 * action (`access.read/write/audited` in admin-http.ts, the consent page and app connections in
 * platform-apps.routes.ts); `GET /admin/api/session` answers the signed-in role's actions as
 * `permissions`, and the SPA shows only what they allow. `AdminAction` in admin-api.yaml lists the
 * same names (admin-permissions.test.ts keeps the two equal).
 *
 * Least privilege: STAFF run the shop (catalogue, promotions, orders, fulfilments, gift cards);
 * credentials, webhooks (their secrets, and the delivery log, which carries customer data),
 * connected apps, the audit log, the shop's people and its settings are the super-admin's (staff
 * see the settings). Everyone changes their
 * own password (`password.change`, `password.reset`: audited, whoever they are).
 */

export const adminRoles = ['SUPER_ADMIN', 'STAFF'] as const
export type AdminRole = (typeof adminRoles)[number]

export interface AdminActionRule {
  roles: readonly AdminRole[]
  /** What the action does, completing "… may <summary>" (the 403 message and the guide). */
  summary: string
  /** Written to the audit log (admin-audit-log.service.ts) when it succeeds. */
  audited?: true
}

const anyAdmin = adminRoles
const superAdmin = ['SUPER_ADMIN'] as const

export const adminActionMatrix = {
  'shop.read': { roles: anyAdmin, summary: 'see the shop' },
  'shopSettings.read': { roles: anyAdmin, summary: 'see the shop’s settings' },
  'products.read': { roles: anyAdmin, summary: 'see products' },
  'products.write': { roles: anyAdmin, summary: 'create and edit products and their availability' },
  'media.read': { roles: anyAdmin, summary: 'browse the media library' },
  'media.upload': { roles: anyAdmin, summary: 'upload images to the media library' },
  'promotions.read': { roles: anyAdmin, summary: 'see promotions and membership tiers' },
  'promotions.write': { roles: anyAdmin, summary: 'create, end, resume and archive promotions' },
  'orders.read': { roles: anyAdmin, summary: 'see orders' },
  'orders.write': { roles: anyAdmin, summary: 'cancel and complete orders' },
  'fulfillments.write': { roles: anyAdmin, summary: 'fulfil orders and move their trackers' },
  'giftCards.read': { roles: anyAdmin, summary: 'see gift cards' },
  'giftCards.issue': { roles: anyAdmin, summary: 'issue gift cards' },
  'apiUsers.read': { roles: superAdmin, summary: 'list API users' },
  'apiUsers.create': { roles: superAdmin, summary: 'create API users', audited: true },
  'apiUsers.delete': { roles: superAdmin, summary: 'delete API users', audited: true },
  'storefrontToken.read': { roles: superAdmin, summary: 'see the storefront token' },
  'storefrontToken.create': { roles: superAdmin, summary: 'create the storefront token', audited: true },
  'storefrontToken.regenerate': { roles: superAdmin, summary: 'regenerate the storefront token', audited: true },
  'storefrontToken.revoke': { roles: superAdmin, summary: 'revoke the storefront token', audited: true },
  'webhookSecret.reveal': { roles: superAdmin, summary: 'reveal the webhook signing secret', audited: true },
  'webhookSecret.rotate': { roles: superAdmin, summary: 'rotate the webhook signing secret', audited: true },
  'webhooks.read': { roles: superAdmin, summary: 'see webhook configurations and their delivery log' },
  'webhooks.create': { roles: superAdmin, summary: 'create webhook configurations', audited: true },
  'webhooks.update': { roles: superAdmin, summary: 'edit webhook configurations', audited: true },
  'webhooks.delete': { roles: superAdmin, summary: 'delete webhook configurations', audited: true },
  'webhooks.test': { roles: superAdmin, summary: 'send webhook test events' },
  'webhooks.replay': { roles: superAdmin, summary: 'replay webhook deliveries' },
  'platformApps.read': { roles: superAdmin, summary: 'see connected platform apps' },
  'platformApps.approve': {
    roles: superAdmin,
    summary: 'connect platform apps (approve their consent)',
    audited: true,
  },
  'platformApps.disconnect': { roles: superAdmin, summary: 'disconnect platform apps', audited: true },
  'auditLog.read': { roles: superAdmin, summary: 'read the audit log' },
  'people.read': { roles: superAdmin, summary: 'see the shop’s people' },
  'people.invite': { roles: superAdmin, summary: 'invite people to the shop', audited: true },
  'people.changeRole': { roles: superAdmin, summary: 'change people’s roles', audited: true },
  'people.remove': { roles: superAdmin, summary: 'remove people from the shop', audited: true },
  'shopSettings.update': {
    roles: superAdmin,
    summary: 'change the shop’s settings (name, currency, domains, contact, branding)',
    audited: true,
  },
  'password.change': { roles: anyAdmin, summary: 'change their own password', audited: true },
  'password.reset': {
    roles: anyAdmin,
    summary: 'set their password through a one-time link (first password, invitation or reset)',
    audited: true,
  },
} as const satisfies Record<string, AdminActionRule>

export type AdminAction = keyof typeof adminActionMatrix
export type AuditedAction = {
  [A in AdminAction]: (typeof adminActionMatrix)[A] extends { audited: true } ? A : never
}[AdminAction]

export const adminActions = Object.keys(adminActionMatrix) as AdminAction[]
export const auditedActions = adminActions.filter(
  (action) => (adminActionMatrix[action] as AdminActionRule).audited === true,
) as AuditedAction[]

export function isAllowed(role: AdminRole, action: AdminAction): boolean {
  return (adminActionMatrix[action].roles as readonly AdminRole[]).includes(role)
}

/** The actions a role may take, in matrix order: the session's `permissions`. */
export function permissionsOf(role: AdminRole): AdminAction[] {
  return adminActions.filter((action) => isAllowed(role, action))
}

const roleNames: Record<AdminRole, string> = { SUPER_ADMIN: 'a super-admin', STAFF: 'staff' }

function whoMay(roles: readonly AdminRole[]): string {
  return roles.length === adminRoles.length ? 'any admin' : `only ${roles.map((role) => roleNames[role]).join(' or ')}`
}

/** 403 FORBIDDEN naming the action and the roles that may take it, unless the role may. */
export function assertAllowed(role: AdminRole, action: AdminAction): void {
  if (isAllowed(role, action)) return
  const rule = adminActionMatrix[action]
  throw new DomainError(
    'FORBIDDEN',
    `${capitalised(whoMay(rule.roles))} (${rule.roles.join(', ')}) may ${rule.summary} (${action}); you are signed in as ${role}.`,
    { action, role, allowedRoles: [...rule.roles] },
  )
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
