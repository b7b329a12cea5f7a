import type { AdminAction } from '../../api/types.ts'

/** The developer settings' pages, each shown to a role that may take its action (decision 0027). */
export const developerTabs: { to: string; label: string; action: AdminAction }[] = [
  { to: 'api-users', label: 'Open API', action: 'apiUsers.read' },
  { to: 'storefront', label: 'Storefront API', action: 'storefrontToken.read' },
  { to: 'webhooks', label: 'Webhooks', action: 'webhooks.read' },
  { to: 'platform-apps', label: 'Platform apps', action: 'platformApps.read' },
  { to: 'audit-log', label: 'Audit log', action: 'auditLog.read' },
]
