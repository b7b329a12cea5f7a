import { useState } from 'react'
import { ProductCard } from '../components/ProductCard'
import { useStore } from '../store'
import { type Product, storefront } from '../storefront'
import { useAsync } from '../use-async'

const pageSize = 12

/** A collection's products in the shopper's currency, a page at a time ("Show more"); key it by slug. */
export function ProductGrid({ slug }: { slug: string }) {
  const { currency } = useStore()
  const [pages, setPages] = useState(1)
  const state = useAsync(async (signal) => {
    if (!currency) return undefined
    const results: Product[] = []
    let hasNextPage = false
    for (let page = 0; page < pages; page++) {
      const answer = await storefront.listCollectionProducts({
        path: { slug },
        query: { currency, page, size: pageSize },
        signal,
      })
      results.push(...answer.results)
      hasNextPage = answer.paging.hasNextPage
    }
    return { results, hasNextPage }
  }, `${slug} ${currency} ${pages}`)
  if (state.status === 'error') return <p role="alert">The products could not be loaded.</p>
  if (state.status === 'loading' || !state.data) return <p aria-busy="true">Loading products…</p>
  const { results, hasNextPage } = state.data
  if (results.length === 0) return <p>No products here yet.</p>
  return (
    <>
      <ul className="product-grid">
        {results.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </ul>
      {hasNextPage && (
        <button type="button" className="button" onClick={() => setPages((n) => n + 1)}>
          Show more
        </button>
      )}
    </>
  )
}

export function CollectionPage({ slug }: { slug: string }) {
  const collection = useAsync((signal) => storefront.getCollection({ path: { slug }, signal }), slug)
  if (collection.status === 'error') {
    return (
      <section>
        <h1>Collection not found</h1>
        <p>There is no collection “{slug}”.</p>
      </section>
    )
  }
  return (
    <section aria-labelledby="collection-title">
      <h1 id="collection-title">{collection.status === 'done' ? collection.data.name : 'Collection'}</h1>
      {collection.status === 'done' && collection.data.description && <p>{collection.data.description}</p>}
      <ProductGrid key={slug} slug={slug} />
    </section>
  )
}
