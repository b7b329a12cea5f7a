import type { OrderDetail } from '../../api/types.ts'
import { formatMoney } from '../../ui/format.ts'
import { TableWrap } from '../../ui/parts.tsx'

/** What was bought, line by line, and the order's money. */
export function OrderItems({ order }: { order: OrderDetail['order'] }) {
  const { amounts } = order
  return (
    <section className="panel" aria-labelledby="items-title">
      <h2 id="items-title">Items</h2>
      <TableWrap label="Ordered items">
        <table>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">SKU</th>
              <th scope="col" className="cell-number">
                Quantity
              </th>
              <th scope="col" className="cell-number">
                Unit price
              </th>
              <th scope="col" className="cell-number">
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {order.offers.map((offer) => (
              <tr key={`${offer.id}-${offer.variant.id}`}>
                <td>
                  {offer.name}
                  <div className="muted small">{offer.variant.name}</div>
                </td>
                <td>
                  <code>{offer.variant.sku}</code>
                </td>
                <td className="cell-number">{offer.variant.quantity}</td>
                <td className="cell-number">{formatMoney(offer.variant.unitPrice)}</td>
                <td className="cell-number">{formatMoney(offer.variant.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      <dl className="amounts">
        <dt>Subtotal</dt>
        <dd>{formatMoney(amounts.subtotal)}</dd>
        <dt>Shipping</dt>
        <dd>{formatMoney(amounts.shipping)}</dd>
        <dt>Tax</dt>
        <dd>{formatMoney(amounts.tax)}</dd>
        {amounts.donation.value > 0 && (
          <>
            <dt>Donation</dt>
            <dd>{formatMoney(amounts.donation)}</dd>
          </>
        )}
        {amounts.discount.value > 0 && (
          <>
            <dt>Discount</dt>
            <dd>−{formatMoney(amounts.discount)}</dd>
          </>
        )}
        <dt className="amounts__total">Total</dt>
        <dd className="amounts__total">{formatMoney(amounts.total)}</dd>
      </dl>
    </section>
  )
}
