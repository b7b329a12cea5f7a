import type { ProductsTable, ShopsTable, VariantsTable } from '../../db/schema.js'
import { formatMoney } from '../money/money.js'

/**
 * The Google Merchant Center feed format: RSS 2.0 with the `g:` namespace
 * (http://base.google.com/ns/1.0), one `<item>` per variant, grouped by product with
 * `g:item_group_id`. Text is escaped for XML; characters XML 1.0 forbids are dropped.
 */

export const merchantNamespace = 'http://base.google.com/ns/1.0'

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters XML 1.0 forbids.
const forbidden = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g

export function escapeXml(text: string): string {
  return text
    .replace(forbidden, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/** Product descriptions are HTML as the creator wrote it; the feed wants plain text. */
export function plainText(html: string, maxLength = 5000): string {
  const text = html
    .replace(/<(br|\/p|\/li|\/h\d)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text
}

function element(name: string, value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '' : `<${name}>${escapeXml(String(value))}</${name}>`
}

export function shopBaseUrl(shop: ShopsTable): string {
  return `https://${shop.public_domain || shop.domain}`
}

export function feedHead(shop: ShopsTable, selfUrl: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<rss version="2.0" xmlns:g="${merchantNamespace}" xmlns:atom="http://www.w3.org/2005/Atom">\n`,
    '<channel>\n',
    element('title', shop.name),
    '\n',
    element('link', shopBaseUrl(shop)),
    '\n',
    element('description', `Products of ${shop.name}`),
    '\n',
    `<atom:link href="${escapeXml(selfUrl)}" rel="self" type="application/rss+xml"/>\n`,
  ].join('')
}

export const feedTail = '</channel>\n</rss>\n'

interface Image {
  url?: string
}

/** One `<item>` per variant of a public product. */
export function feedItems(shop: ShopsTable, product: ProductsTable, variants: VariantsTable[]): string {
  const productImages = JSON.parse(product.images) as Image[]
  const description = plainText(product.description) || product.name
  const link = `${shopBaseUrl(shop)}/products/${encodeURIComponent(product.slug)}`
  return variants
    .map((variant) => {
      const attributes = JSON.parse(variant.attributes) as {
        color?: { name?: string } | null
        size?: { name?: string } | null
      }
      const weight = JSON.parse(variant.weight) as { value?: number; unit?: string }
      const images = [...(JSON.parse(variant.images) as Image[]), ...productImages]
        .map((i) => i.url)
        .filter((url): url is string => typeof url === 'string')
      const onSale = variant.compare_at_price !== null && variant.compare_at_price > variant.unit_price
      const inStock =
        product.state === 'AVAILABLE' && (variant.stock_type === 'UNLIMITED' || (variant.in_stock ?? 0) > 0)
      const title = variants.length > 1 ? `${product.name} - ${variant.name}` : product.name
      const parts = [
        element('g:id', variant.id),
        element('g:item_group_id', product.id),
        element('title', title.slice(0, 150)),
        element('description', description),
        element('link', variants.length > 1 ? `${link}?variant=${variant.id}` : link),
        element('g:image_link', images[0]),
        ...images.slice(1, 11).map((url) => element('g:additional_image_link', url)),
        element(
          'g:price',
          formatMoney(onSale ? (variant.compare_at_price as number) : variant.unit_price, variant.currency),
        ),
        onSale ? element('g:sale_price', formatMoney(variant.unit_price, variant.currency)) : '',
        element('g:availability', inStock ? 'in_stock' : 'out_of_stock'),
        element('g:condition', 'new'),
        element('g:brand', shop.name),
        element('g:mpn', variant.sku),
        element('g:color', attributes.color?.name),
        element('g:size', attributes.size?.name),
        typeof weight.value === 'number' && weight.value > 0 && weight.unit
          ? element('g:shipping_weight', `${weight.value} ${weight.unit.toLowerCase()}`)
          : '',
      ]
      return `<item>${parts.join('')}</item>\n`
    })
    .join('')
}
