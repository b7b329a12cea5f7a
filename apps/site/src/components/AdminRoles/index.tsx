import ScrollableTable from '@site/src/components/ScrollableTable'
import type { ReactNode } from 'react'
import { usePlatformFacts } from '../Facts'

/** How the admin names its roles (its badge); a role without a label here shows as the server spells it. */
const roleLabels: Record<string, string> = { SUPER_ADMIN: 'Super-admin', STAFF: 'Staff' }

export function roleLabel(role: string): string {
  return roleLabels[role] ?? role
}

/**
 * The merchant admin's permission matrix (apps/api admin-permissions.ts), read at build time: one
 * row per action, a column per role, and whether the action is written to the audit log.
 */
export function AdminRoleMatrix(): ReactNode {
  const { roles, actions } = usePlatformFacts().admin
  return (
    <ScrollableTable className="admin-role-matrix">
      <thead>
        <tr>
          <th scope="col">Action</th>
          <th scope="col">What it allows</th>
          {roles.map((role) => (
            <th scope="col" key={role}>
              {roleLabel(role)} (<code>{role}</code>)
            </th>
          ))}
          <th scope="col">Audit log</th>
        </tr>
      </thead>
      <tbody>
        {actions.map(({ action, summary, roles: allowed, audited }) => (
          <tr key={action}>
            <td>
              <code>{action}</code>
            </td>
            <td>{summary}</td>
            {roles.map((role) => (
              <td key={role}>{allowed.includes(role) ? '✓' : '—'}</td>
            ))}
            <td>{audited ? 'written' : '—'}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  )
}
