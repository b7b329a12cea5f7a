import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { get } from '../../api/client.ts'
import type { Page, Product } from '../../api/types.ts'
import { formatMoney } from '../../ui/format.ts'
import { Badge, EmptyState, ErrorMessage, Loading, PageHeader, Pagination, TableWrap } from '../../ui/parts.tsx'
import { usePageParam } from '../../ui/url-state.ts'

function priceRange(product: Product): string {
  const prices = product.variants.map((v) => v.unitPrice)
  if (prices.length === 0) return '—'
  const values = prices.map((p) => p.value)
  const min = prices[values.indexOf(Math.min(...values))]
  const max = prices[values.indexOf(Math.max(...values))]
  return min === max || min?.value === max?.value ? formatMoney(min) : `${formatMoney(min)} – ${formatMoney(max)}`
}

function stockSummary(product: Product): string {
  if (product.variants.some((v) => v.stock.type === 'UNLIMITED')) return 'Unlimited'
  const total = product.variants.reduce((sum, v) => sum + (v.stock.type === 'LIMITED' ? v.stock.inStock : 0), 0)
  return `${total} in stock`
}

/** The catalogue: search by name or SKU, page through, open a product to edit it. */
export function Component() {
  const [params, setParams] = useSearchParams()
  const search = params.get('search') ?? ''
  const [draft, setDraft] = useState(search)
  const [page, setPage] = usePageParam()
  const products = useQuery({
    queryKey: ['products', search, page],
    queryFn: () => get<Page<Product>>('/products', { search: search || undefined, page, size: 20 }),
    placeholderData: keepPreviousData,
  })

  const onSearch = (event: FormEvent) => {
    event.preventDefault()
    setParams(draft.trim() ? { search: draft.trim() } : {})
  }

  return (
    <>
      <PageHeader
        title="Products"
        description="What the shop sells. Changes fire PRODUCT_CREATED and PRODUCT_UPDATED webhooks."
        actions={
          <Link className="fs-button fs-button--primary" to="new">
            New product
          </Link>
        }
      />
      <search>
        <form className="search-form" onSubmit={onSearch}>
          <label htmlFor="product-search" className="visually-hidden">
            Search products
          </label>
          <input
            id="product-search"
            type="search"
            placeholder="Search by name or SKU"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="fs-button fs-button--secondary">
            Search
          </button>
          {search && (
            <button
              type="button"
              className="fs-button fs-button--link"
              onClick={() => {
                setDraft('')
                setParams({})
              }}
            >
              Clear search
            </button>
          )}
        </form>
      </search>
      {products.isPending ? (
        <Loading />
      ) : products.isError ? (
        <ErrorMessage error={products.error} />
      ) : products.data.total === 0 ? (
        search ? (
          <EmptyState title={`No products match “${search}”`}>
            Try part of the name or a SKU, or clear the search.
          </EmptyState>
        ) : (
          <EmptyState
            title="No products yet"
            action={
              <Link className="fs-button fs-button--primary" to="new">
                New product
              </Link>
            }
          >
            Create a product with its variants, prices and stock; it appears in the storefront API once it is public.
          </EmptyState>
        )
      ) : (
        <>
          <TableWrap label="Products">
            <table>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Image</span>
                  </th>
                  <th scope="col">Product</th>
                  <th scope="col">Access</th>
                  <th scope="col">Availability</th>
                  <th scope="col">Price</th>
                  <th scope="col">Stock</th>
                </tr>
              </thead>
              <tbody>
                {products.data.results.map((product) => (
                  <tr key={product.id}>
                    <td className="cell-thumb">
                      {product.thumbnailImage ? (
                        <img
                          src={product.thumbnailImage.transformedUrl.replace(/w=\d+/, 'w=96')}
                          alt=""
                          width={48}
                          height={48}
                          loading="lazy"
                        />
                      ) : (
                        <span className="thumb-placeholder" aria-hidden="true" />
                      )}
                    </td>
                    <td>
                      <Link to={product.id}>{product.name}</Link>
                      <div className="muted small">
                        {product.variants.length} variant{product.variants.length === 1 ? '' : 's'} · /{product.slug}
                      </div>
                    </td>
                    <td>
                      <Badge value={product.access.type} />
                    </td>
                    <td>
                      <Badge value={product.state.type} />
                    </td>
                    <td>{priceRange(product)}</td>
                    <td>{stockSummary(product)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          <Pagination {...products.data} onPage={setPage} label="Product pages" />
        </>
      )}
    </>
  )
}
