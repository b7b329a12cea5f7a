import { formatMoney } from '../money'
import { Link, productPath } from '../router'
import type { Product } from '../storefront'

/** The lowest variant price, shown as "from …" when the variants differ. */
function priceLabel(product: Product): string {
  const prices = product.variants.map((variant) => variant.unitPrice)
  const [lowest] = [...prices].sort((a, b) => a.value - b.value)
  if (!lowest) return ''
  const varies = prices.some((price) => price.value !== lowest.value)
  return `${varies ? 'from ' : ''}${formatMoney(lowest)}`
}

export function ProductCard({ product }: { product: Product }) {
  const image = product.images[0]
  return (
    <li className="product-card">
      <Link href={productPath(product.slug)}>
        {image ? (
          <img src={image.transformedUrl} alt="" width={image.width} height={image.height} loading="lazy" />
        ) : (
          <div className="image-placeholder" />
        )}
        <span className="product-card-name">{product.name}</span>
      </Link>
      <span className="product-card-price">{priceLabel(product)}</span>
      {product.state.type === 'SOLD_OUT' && <span className="badge">Sold out</span>}
    </li>
  )
}
