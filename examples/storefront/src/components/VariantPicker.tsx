import type { Variant } from '../storefront'

export function isInStock(variant: Variant): boolean {
  return variant.stock.type === 'UNLIMITED' || variant.stock.inStock > 0
}

/** One radio button per variant; variants out of stock are shown but cannot be chosen. */
export function VariantPicker({
  variants,
  selected,
  onSelect,
}: {
  variants: Variant[]
  selected: string | undefined
  onSelect: (variantId: string) => void
}) {
  if (variants.length <= 1) return null
  return (
    <fieldset className="variant-picker">
      <legend>Choose an option</legend>
      {variants.map((variant) => {
        const available = isInStock(variant)
        return (
          <label key={variant.id} className={available ? undefined : 'unavailable'}>
            <input
              type="radio"
              name="variant"
              value={variant.id}
              checked={selected === variant.id}
              disabled={!available}
              onChange={() => onSelect(variant.id)}
            />
            {variant.attributes.color?.swatch && (
              <span className="swatch" style={{ background: variant.attributes.color.swatch }} aria-hidden="true" />
            )}
            <span>{variant.name}</span>
            {!available && <span className="visually-hidden"> (out of stock)</span>}
          </label>
        )
      })}
    </fieldset>
  )
}
