import Link from '@docusaurus/Link'
import useDocusaurusContext from '@docusaurus/useDocusaurusContext'
import type { ReactNode } from 'react'

/**
 * A link to an API reference page (/open-api/, /open-api-beta/, /storefront-api/). Those routes come
 * from the api-reference plugin; while it is not installed the link is left out of the link checker
 * (`pathname://`), once it is the link is checked like any other.
 */
export default function ReferenceLink({
  to,
  children,
  className,
}: {
  to: string
  children: ReactNode
  className?: string
}): ReactNode {
  const { siteConfig } = useDocusaurusContext()
  const checked = siteConfig.customFields?.hasApiReference === true
  return checked ? (
    <Link to={to} className={className}>
      {children}
    </Link>
  ) : (
    <Link href={`pathname://${to}`} className={className}>
      {children}
    </Link>
  )
}
