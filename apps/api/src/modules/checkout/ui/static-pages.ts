import { createElement as h, type ReactNode } from 'react'
import type { LineView } from './view-model.js'

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
  return h(
    'div',
    { className: 'confirmation' },
    h(
      'section',
      { className: 'card', 'aria-labelledby': 'order-number' },
      h('p', { id: 'order-number' }, 'Your order number'),
      h('p', { className: 'friendly', 'data-testid': 'friendly-id' }, view.friendlyId),
      h(
        'p',
        null,
        view.isGift
          ? `Your gift is on its way to being made. We sent the details to ${view.email}.`
          : `Thank you! We sent a confirmation to ${view.email}.`,
      ),
    ),
    h(
      'section',
      { className: 'card', 'aria-labelledby': 'items-heading' },
      h('h2', { id: 'items-heading' }, 'Items'),
      h(
        'ul',
        { className: 'lines' },
        view.lines.map((line) =>
          h(
            'li',
            { key: line.key, className: 'line' },
            line.image
              ? h('img', { src: line.image, alt: '', width: 56, height: 56 })
              : h('span', { className: 'noimg' }),
            h(
              'span',
              { className: 'line-text' },
              h('span', { className: 'line-name' }, line.name),
              h('span', { className: 'muted' }, `${line.variant} · Qty ${line.quantity}`),
            ),
            h('span', { className: 'line-total' }, line.total),
          ),
        ),
      ),
      h(
        'dl',
        { className: 'totals' },
        view.amounts.flatMap((amount) => [
          h('dt', { key: `${amount.label}-t`, className: amount.total ? 'total' : undefined }, amount.label),
          h('dd', { key: `${amount.label}-d`, className: amount.total ? 'total' : undefined }, amount.value),
        ]),
      ),
    ),
    downloads.length > 0
      ? h(
          'section',
          { className: 'card', 'aria-labelledby': 'downloads-heading', 'data-testid': 'downloads' },
          h('h2', { id: 'downloads-heading' }, 'Your downloads'),
          h('p', { className: 'muted' }, 'These links are yours: keep this page to download the files again.'),
          h(
            'ul',
            { className: 'downloads' },
            downloads.map((link) =>
              h(
                'li',
                { key: link.href },
                h('a', { href: link.href, download: true, rel: 'noreferrer' }, link.name),
                link.fileSize ? h('span', { className: 'muted' }, ` · ${link.fileSize}`) : null,
              ),
            ),
          ),
        )
      : null,
    view.shippingAddress
      ? h(
          'section',
          { className: 'card', 'aria-labelledby': 'ship-heading' },
          h('h2', { id: 'ship-heading' }, 'Shipping to'),
          h(
            'address',
            null,
            view.shippingAddress.flatMap((part, i) => (i === 0 ? [part] : [h('br', { key: i }), part])),
          ),
        )
      : null,
  )
}

export function MessagePage({ children }: { children: ReactNode }) {
  return h('div', { className: 'card message' }, children)
}
