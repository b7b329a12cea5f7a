import Link from '@docusaurus/Link'
import { PageMetadata } from '@docusaurus/theme-common'
import useBaseUrl from '@docusaurus/useBaseUrl'
import Heading from '@theme/Heading'
import type { Props } from '@theme/NotFound/Content'
import clsx from 'clsx'
import type { ReactNode } from 'react'
import styles from './styles.module.css'

const areas = [
  { to: '/', title: 'Get started', text: 'Credentials, your first call, OAuth apps, rate limits and errors.' },
  { to: '/storefront/', title: 'Storefront guides', text: 'Products, collections, carts and the checkout hand-off.' },
  { to: '/webhooks/', title: 'Webhook guides', text: 'Event types, signatures, retries, testing and gifting.' },
]

/** The not-found page: says what happened, offers a search and the main areas of the site. */
export default function NotFoundContent({ className }: Props): ReactNode {
  const searchAction = useBaseUrl('/search/')
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      {/* Inside the layout, so it wins over the layout's site-wide title: "Page not found | Fanshelf Developer Docs". */}
      <PageMetadata title="Page not found" />
      <div className="row">
        <div className="col col--8 col--offset-2">
          <Heading as="h1" className="hero__title">
            Page not found
          </Heading>
          <p>
            There is no page at this address. It may have moved when the guides were reorganised, or the link that
            brought you here has a typo.
          </p>
          <search className={styles.search}>
            <form action={searchAction} method="get">
              <label htmlFor="not-found-search" className={styles.label}>
                Search the docs
              </label>
              <div className={styles.row}>
                <input
                  id="not-found-search"
                  name="q"
                  type="search"
                  className={styles.input}
                  placeholder="e.g. signature verification"
                  autoComplete="off"
                />
                <button type="submit" className="button button--primary">
                  Search
                </button>
              </div>
            </form>
          </search>
          <Heading as="h2" className={styles.areasTitle}>
            Or start from one of the main areas
          </Heading>
          <ul className={styles.areas}>
            {areas.map((area) => (
              <li key={area.to}>
                <Link to={area.to} className={styles.card}>
                  <strong>{area.title}</strong>
                  <span>{area.text}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </main>
  )
}
