import { NavLink, Outlet } from 'react-router'

const tabs = [
  { to: 'api-users', label: 'Open API' },
  { to: 'storefront', label: 'Storefront API' },
  { to: 'webhooks', label: 'Webhooks' },
  { to: 'platform-apps', label: 'Platform apps' },
]

export function Component() {
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
