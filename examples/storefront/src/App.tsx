import { CartDrawer } from './components/CartDrawer'
import { CurrencySwitcher } from './components/CurrencySwitcher'
import { CollectionPage } from './pages/CollectionPage'
import { HomePage } from './pages/HomePage'
import { ProductPage } from './pages/ProductPage'
import { Link, parseRoute, usePathname } from './router'
import { useStore } from './store'

function Page() {
  const route = parseRoute(usePathname())
  switch (route.page) {
    case 'home':
      return <HomePage />
    case 'collection':
      return <CollectionPage key={route.slug} slug={route.slug} />
    case 'product':
      return <ProductPage key={route.slug} slug={route.slug} />
    default:
      return (
        <section>
          <h1>Page not found</h1>
          <p>
            <Link href="/">Back to the shop</Link>
          </p>
        </section>
      )
  }
}

export function App() {
  const { shop, itemCount, openCart, announcement } = useStore()
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link href="/" className="shop-name">
          {shop?.name ?? 'Shop'}
        </Link>
        <nav aria-label="Shop">
          <Link href="/collections/all">All products</Link>
        </nav>
        <CurrencySwitcher />
        <button type="button" className="button cart-button" onClick={openCart}>
          Cart <span className="count">({itemCount})</span>
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        <Page />
      </main>
      <footer className="site-footer">
        <p>An example storefront on the Fanshelf storefront API.</p>
      </footer>
      <CartDrawer />
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  )
}
