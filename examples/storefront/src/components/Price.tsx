import { formatMoney } from '../money'
import type { Variant } from '../storefront'

/** A variant's price, with its compare-at price struck through when it is on sale. */
export function Price({ variant }: { variant: Variant }) {
  const compareAt = variant.compareAtPrice
  const onSale = compareAt !== undefined && compareAt.value > variant.unitPrice.value
  return (
    <span className="price">
      <span className="price-current">{formatMoney(variant.unitPrice)}</span>
      {onSale && (
        <s className="price-compare">
          <span className="visually-hidden">was </span>
          {formatMoney(compareAt)}
        </s>
      )}
    </span>
  )
}
