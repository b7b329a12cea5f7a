import { useEffect, useId, useRef, useState } from 'react'
import { NavLink, Outlet, useLocation } from 'react-router'
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

/** The one sign-in page (server-rendered, decision 0052), coming back to `path` (inside /admin). */
export function signInUrl(path: string): string {
  return `/admin/sign-in?return_to=${encodeURIComponent(`/admin${path}`)}`
}

/**
 * The signed-in shell: skip link, shop and admin, the sections, sign out. On a narrow screen the
 * sections and the account collapse behind a menu button (Escape closes it). Signed-out visitors go
 * to the sign-in page and come back where they were.
 */
export function Layout() {
  const session = useSession()
  const signOut = useSignOut()
  const location = useLocation()
  const main = useRef<HTMLElement>(null)
  const menuButton = useRef<HTMLButtonElement>(null)
  const [menuOpen, setMenuOpen] = useState(false)
  const menuId = useId()
  const signedOut = session.isSuccess && !session.data

  // Move focus to the page's content on navigation, as a full page load would; the menu closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation (pathname change)
  useEffect(() => {
    setMenuOpen(false)
    main.current?.focus()
  }, [location.pathname])

  useEffect(() => {
    if (signedOut) window.location.replace(signInUrl(`${location.pathname}${location.search}`))
  }, [signedOut, location.pathname, location.search])

  useEffect(() => {
    if (!menuOpen) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setMenuOpen(false)
      menuButton.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [menuOpen])

  if (session.isPending) return <Loading label="Loading your shop…" />
  if (session.isError) return <ErrorMessage error={session.error} />
  if (!session.data) return <Loading label="Taking you to sign in…" />
  const { user, shop } = session.data

  return (
    <div className="shell">
      <a className="fs-skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar__brand">
          <span className="fs-logo" aria-hidden="true">
            F
          </span>
          <span>
            <span className="topbar__product">Fanshelf admin</span>
            <span className="topbar__shop">{shop.name}</span>
          </span>
        </div>
        <button
          ref={menuButton}
          type="button"
          className="fs-button fs-button--secondary topbar__menu-button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <div id={menuId} className={`topbar__menu${menuOpen ? ' topbar__menu--open' : ''}`}>
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
          </div>
        </div>
        <button
          type="button"
          className="fs-button fs-button--secondary fs-button--small topbar__sign-out"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate(undefined, { onSettled: () => window.location.assign('/admin/sign-in') })}
        >
          Sign out
        </button>
      </header>
      <main id="main" ref={main} tabIndex={-1} className="content">
        <Outlet />
      </main>
    </div>
  )
}
