/** @jsxRuntime automatic */
import type { ReactNode } from 'react'
import type { LineView } from './page-state.js'

/** Pages rendered on the server only (no client script): the order confirmation and messages. */

export interface ConfirmationView {
  friendlyId: string
  email: string
  isGift: boolean
  lines: LineView[]
  amounts: { label: string; value: string; total?: boolean }[]
  shippingAddress: string[] | null
}

/** A digital product's file (or a creator-given URL) the buyer may download. */
export interface DownloadLinkView {
  name: string
  fileSize: string
  href: string
}

export function ConfirmationPage({ view, downloads = [] }: { view: ConfirmationView; downloads?: DownloadLinkView[] }) {
  return (
    <div className="confirmation">
      <section className="card" aria-labelledby="order-number">
        <p id="order-number">Your order number</p>
        <p className="friendly" data-testid="friendly-id">
          {view.friendlyId}
        </p>
        <p>
          {view.isGift
            ? `Your gift is on its way to being made. We sent the details to ${view.email}.`
            : `Thank you! We sent a confirmation to ${view.email}.`}
        </p>
      </section>
      <section className="card" aria-labelledby="items-heading">
        <h2 id="items-heading">Items</h2>
        <ul className="lines">
          {view.lines.map((line) => (
            <li key={line.key} className="line">
              {line.image ? <img src={line.image} alt="" width={56} height={56} /> : <span className="noimg" />}
              <span className="line-text">
                <span className="line-name">{line.name}</span>
                <span className="muted">{`${line.variant} · Qty ${line.quantity}`}</span>
              </span>
              <span className="line-total">{line.total}</span>
            </li>
          ))}
        </ul>
        <dl className="totals">
          {view.amounts.flatMap((amount) => [
            <dt key={`${amount.label}-t`} className={amount.total ? 'total' : undefined}>
              {amount.label}
            </dt>,
            <dd key={`${amount.label}-d`} className={amount.total ? 'total' : undefined}>
              {amount.value}
            </dd>,
          ])}
        </dl>
      </section>
      {downloads.length > 0 ? (
        <section className="card" aria-labelledby="downloads-heading" data-testid="downloads">
          <h2 id="downloads-heading">Your downloads</h2>
          <p className="muted">These links are yours: keep this page to download the files again.</p>
          <ul className="downloads">
            {downloads.map((link) => (
              <li key={link.href}>
                <a href={link.href} download rel="noreferrer">
                  {link.name}
                </a>
                {link.fileSize ? <span className="muted">{` · ${link.fileSize}`}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {view.shippingAddress ? (
        <section className="card" aria-labelledby="ship-heading">
          <h2 id="ship-heading">Shipping to</h2>
          <address>
            {view.shippingAddress.flatMap((part, i) =>
              // biome-ignore lint/suspicious/noArrayIndexKey: the address's lines never reorder
              i === 0 ? [part] : [<br key={i} />, part],
            )}
          </address>
        </section>
      ) : null}
    </div>
  )
}

export function MessagePage({ children }: { children: ReactNode }) {
  return <div className="card message">{children}</div>
}

/** The page header: the shop's name (or Fanshelf's, when no shop is known). */
export function BrandHeader({ shopName }: { shopName: string }) {
  return (
    <header className="brand">
      {shopName}
      <span>{' · secure checkout'}</span>
    </header>
  )
}
