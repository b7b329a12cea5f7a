import { useEffect, useRef } from 'react'
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router'
import { can, useSession, useSignOut } from '../api/session.ts'
import type { AdminAction } from '../api/types.ts'
import { developerTabs } from '../pages/developer/developer-tabs.ts'
import { Badge, ErrorMessage, Loading } from './parts.tsx'

/** The sections, each shown when the signed-in role may see one of its pages. */
const sections: { to: string; label: string; actions: AdminAction[] }[] = [
  { to: '/orders', label: 'Orders', actions: ['orders.read'] },
  { to: '/products', label: 'Products', actions: ['products.read'] },
  { to: '/promotions', label: 'Promotions', actions: ['promotions.read'] },
  { to: '/gift-cards', label: 'Gift cards', actions: ['giftCards.read'] },
  { to: '/people', label: 'People', actions: ['people.read'] },
  { to: '/settings', label: 'Shop settings', actions: ['shopSettings.read'] },
  { to: '/developer', label: 'Developer settings', actions: developerTabs.map((tab) => tab.action) },
]

/**
 * The signed-in shell: skip link, shop and admin, the sections, sign out. Signed-out visitors go
 * to the sign-in page and come back where they were.
 */
export function Layout() {
  const session = useSession()
  const signOut = useSignOut()
  const location = useLocation()
  const navigate = useNavigate()
  const main = useRef<HTMLElement>(null)

  // Move focus to the page's content on navigation, as a full page load would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation (pathname change)
  useEffect(() => {
    main.current?.focus()
  }, [location.pathname])

  if (session.isPending) return <Loading label="Loading your shop…" />
  if (session.isError) return <ErrorMessage error={session.error} />
  if (!session.data) {
    const returnTo = `${location.pathname}${location.search}`
    return <Navigate to={`/login?return_to=${encodeURIComponent(returnTo)}`} replace />
  }
  const { user, shop } = session.data

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar__brand">
          <span className="logo" aria-hidden="true">
            F
          </span>
          <span>
            <span className="topbar__product">Fanshelf admin</span>
            <span className="topbar__shop">{shop.name}</span>
          </span>
        </div>
        <nav className="topbar__nav" aria-label="Sections">
          <ul>
            {sections
              .filter((section) => section.actions.some((action) => can(session.data, action)))
              .map((section) => (
                <li key={section.to}>
                  <NavLink to={section.to}>{section.label}</NavLink>
                </li>
              ))}
          </ul>
        </nav>
        <div className="topbar__user">
          <NavLink className="topbar__email" to="/password" title="Change your password">
            {user.email}
          </NavLink>
          <Badge value={user.role} label={user.role === 'SUPER_ADMIN' ? 'Super-admin' : 'Staff'} />
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={signOut.isPending}
            onClick={() => signOut.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) })}
          >
            Sign out
          </button>
        </div>
      </header>
      <main id="main" ref={main} tabIndex={-1} className="content">
        <Outlet />
      </main>
    </div>
  )
}
