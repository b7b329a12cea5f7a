import { Navigate, NavLink, Outlet, useLocation } from 'react-router'
import { useCan } from '../../api/session.ts'
import { EmptyState, PageHeader } from '../../ui/parts.tsx'
import { developerTabs } from './developer-tabs.ts'

/**
 * Developer settings: the tabs the signed-in role may open. A page the role may not see (a link
 * followed by staff) says so instead of loading data the server would refuse.
 */
export function Component() {
  const can = useCan()
  const { pathname } = useLocation()
  const tabs = developerTabs.filter((tab) => can(tab.action))
  const current = developerTabs.find((tab) => new RegExp(`/developer/${tab.to}(/|$)`).test(pathname))
  if (tabs.length === 0 || (current && !can(current.action))) {
    return (
      <>
        <PageHeader title="Developer settings" />
        <EmptyState title="Only a super-admin can manage developer settings">
          API users, the storefront token, webhooks, connected apps and the audit log are managed by a super-admin of
          the shop.
        </EmptyState>
      </>
    )
  }
  if (/\/developer\/?$/.test(pathname)) return <Navigate to={tabs[0]?.to ?? 'api-users'} replace />

  return (
    <div className="developer">
      <nav className="tabs" aria-label="Developer settings">
        <ul>
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink to={tab.to}>{tab.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  )
}
