import { collectionPath, Link } from '../router'
import { useStore } from '../store'
import { storefront } from '../storefront'
import { useAsync } from '../use-async'
import { ProductGrid } from './CollectionPage'

export function HomePage() {
  const { shop } = useStore()
  const collections = useAsync(
    () => storefront.paginate('listCollections', { query: { size: 100 } }).toArray(),
    'collections',
  )
  return (
    <>
      <section aria-labelledby="collections-title">
        <h1>{shop ? `Welcome to ${shop.name}` : 'Welcome'}</h1>
        <h2 id="collections-title">Collections</h2>
        {collections.status === 'done' ? (
          <ul className="collection-list">
            {collections.data.map((collection) => (
              <li key={collection.id}>
                <Link href={collectionPath(collection.slug)}>{collection.name}</Link>
              </li>
            ))}
          </ul>
        ) : collections.status === 'error' ? (
          <p role="alert">The collections could not be loaded.</p>
        ) : (
          <p aria-busy="true">Loading collections…</p>
        )}
      </section>
      <section aria-labelledby="new-title">
        <h2 id="new-title">New in the shop</h2>
        <ProductGrid slug="all" />
      </section>
    </>
  )
}
