import { isFanshelfApiError } from '@fanshelf/sdk'
import { useEffect, useId, useState } from 'react'
import { Price } from '../components/Price'
import { isInStock, VariantPicker } from '../components/VariantPicker'
import { useStore } from '../store'
import { storefront } from '../storefront'
import { useAsync } from '../use-async'

/** The product description is the shop's HTML: shown as plain text, never injected as markup. */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? ''
}

export function ProductPage({ slug }: { slug: string }) {
  const { currency, addToCart, busy } = useStore()
  const state = useAsync(
    (signal) =>
      currency
        ? storefront.getStorefrontProduct({ path: { slug }, query: { currency }, signal })
        : Promise.resolve(undefined),
    `${slug} ${currency}`,
  )
  const [selectedId, setSelectedId] = useState<string>()
  const [quantity, setQuantity] = useState(1)
  const quantityId = useId()
  const product = state.status === 'done' ? state.data : undefined

  useEffect(() => {
    if (!product) return
    setSelectedId((current) =>
      product.variants.some((v) => v.id === current)
        ? current
        : (product.variants.find(isInStock) ?? product.variants[0])?.id,
    )
  }, [product])

  if (state.status === 'error') {
    const missing = isFanshelfApiError(state.error, 'PRODUCT_NOT_FOUND')
    return (
      <section>
        <h1>{missing ? 'Product not found' : 'Something went wrong'}</h1>
        <p role="alert">{missing ? `There is no product “${slug}”.` : 'The product could not be loaded.'}</p>
      </section>
    )
  }
  if (!product) return <p aria-busy="true">Loading…</p>

  const variant = product.variants.find((v) => v.id === selectedId) ?? product.variants[0]
  const image = variant?.images[0] ?? product.images[0]
  const available = product.state.type === 'AVAILABLE' && variant !== undefined && isInStock(variant)
  const maximum = variant?.stock.type === 'LIMITED' ? variant.stock.inStock : 99

  return (
    <article className="product-page" aria-labelledby="product-title">
      <div className="product-media">
        {image ? (
          <img src={image.transformedUrl} alt={product.name} width={image.width} height={image.height} />
        ) : (
          <div className="image-placeholder" />
        )}
      </div>
      <div className="product-details">
        <h1 id="product-title">{product.name}</h1>
        {variant && <Price variant={variant} />}
        <VariantPicker variants={product.variants} selected={variant?.id} onSelect={setSelectedId} />
        <form
          className="add-to-cart"
          onSubmit={(event) => {
            event.preventDefault()
            if (variant && available) void addToCart(variant.id, quantity, `${product.name} (${variant.name})`)
          }}
        >
          <label htmlFor={quantityId}>Quantity</label>
          <input
            id={quantityId}
            type="number"
            inputMode="numeric"
            min={1}
            max={maximum}
            value={quantity}
            onChange={(event) => setQuantity(Math.max(1, Math.min(maximum, Number(event.target.value) || 1)))}
          />
          <button type="submit" className="button primary" disabled={!available || busy}>
            {available ? 'Add to cart' : 'Sold out'}
          </button>
        </form>
        {product.description && <p className="description">{plainText(product.description)}</p>}
        {product.additionalInformation?.sizeAndFit && (
          <>
            <h2>Size and fit</h2>
            <p>{product.additionalInformation.sizeAndFit}</p>
          </>
        )}
        {product.additionalInformation?.guaranteeAndReturns && (
          <>
            <h2>Guarantee and returns</h2>
            <p>{product.additionalInformation.guaranteeAndReturns}</p>
          </>
        )}
      </div>
    </article>
  )
}
