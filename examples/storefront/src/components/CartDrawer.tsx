import { useEffect, useRef, useState } from 'react'
import { formatMoney, lineTotal } from '../money'
import { Link, productPath } from '../router'
import { useStore } from '../store'
import type { CartLine } from '../storefront'

/** A quantity field that changes the cart when the shopper is done typing (Enter or leaving the field). */
function QuantityInput(props: {
  label: string
  value: number
  maximum: number
  disabled: boolean
  onCommit: (quantity: number) => void
}) {
  const [draft, setDraft] = useState(String(props.value))
  useEffect(() => setDraft(String(props.value)), [props.value])
  const commit = () => {
    const next = Number(draft)
    if (Number.isInteger(next) && next >= 0 && next <= props.maximum && next !== props.value) props.onCommit(next)
    else setDraft(String(props.value))
  }
  return (
    <label>
      <span className="visually-hidden">{props.label}</span>
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={props.maximum}
        value={draft}
        disabled={props.disabled}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit()
        }}
      />
    </label>
  )
}

function Line({ line }: { line: CartLine }) {
  const { changeQuantity, removeLine, busy, closeCart } = useStore()
  const { variant, quantity } = line
  const label = `${variant.product.name} – ${variant.name}`
  const image = variant.images[0]
  const maximum = variant.stock.type === 'LIMITED' ? variant.stock.inStock : 1000
  return (
    <li className="cart-line">
      {image ? <img src={image.transformedUrl} alt="" width={64} height={64} /> : <div className="image-placeholder" />}
      <div className="cart-line-body">
        <Link href={productPath(variant.product.slug)} onClick={closeCart}>
          {variant.product.name}
        </Link>
        <span className="cart-line-variant">{variant.name}</span>
        <span>{formatMoney(variant.unitPrice)}</span>
        <div className="quantity">
          <button
            type="button"
            aria-label={`Decrease quantity of ${label}`}
            disabled={busy}
            onClick={() => changeQuantity(variant.id, quantity - 1)}
          >
            −
          </button>
          <QuantityInput
            label={`Quantity of ${label}`}
            value={quantity}
            maximum={maximum}
            disabled={busy}
            onCommit={(next) => changeQuantity(variant.id, next)}
          />
          <button
            type="button"
            aria-label={`Increase quantity of ${label}`}
            disabled={busy || quantity >= maximum}
            onClick={() => changeQuantity(variant.id, quantity + 1)}
          >
            +
          </button>
        </div>
        <button type="button" className="link-button" disabled={busy} onClick={() => removeLine(variant.id)}>
          Remove<span className="visually-hidden"> {label}</span>
        </button>
      </div>
    </li>
  )
}

/** The cart as a modal dialog: focus moves into it, Escape closes it, the page behind is inert. */
export function CartDrawer() {
  const { cart, cartOpen, closeCart, checkoutUrl, currency, error } = useStore()
  const dialog = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (cartOpen && !element.open) element.showModal()
    if (!cartOpen && element.open) element.close()
  }, [cartOpen])

  const lines = cart?.items ?? []
  const subtotal = currency
    ? lineTotal(
        lines.map((line) => ({ unitPrice: line.variant.unitPrice, quantity: line.quantity })),
        currency,
      )
    : undefined

  return (
    <dialog ref={dialog} className="cart-drawer" aria-labelledby="cart-title" onClose={closeCart}>
      <div className="cart-header">
        <h2 id="cart-title">Your cart</h2>
        <button type="button" className="close" onClick={closeCart} aria-label="Close cart">
          ×
        </button>
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {lines.length === 0 ? (
        <p>Your cart is empty.</p>
      ) : (
        <ul className="cart-lines">
          {lines.map((line) => (
            <Line key={line.variant.id} line={line} />
          ))}
        </ul>
      )}
      {subtotal && lines.length > 0 && (
        <div className="cart-footer">
          <p className="subtotal">
            Subtotal <strong data-testid="cart-subtotal">{formatMoney(subtotal)}</strong>
          </p>
          <p className="note">Shipping and taxes are calculated at checkout.</p>
          {checkoutUrl && (
            <a className="button primary" href={checkoutUrl}>
              Check out
            </a>
          )}
        </div>
      )}
    </dialog>
  )
}
