import { createStorefrontClient } from '@fanshelf/sdk'

// The storefront token is public: this code can run in the browser as it is.
const storefront = createStorefrontClient({
  baseUrl: process.env.FANSHELF_ORIGIN ?? 'http://127.0.0.1:4000',
  storefrontToken: process.env.FANSHELF_STOREFRONT_TOKEN ?? 'ptkn_your_storefront_token',
})
const currency = 'EUR' // the shopper's choice: pass it to every call and to the checkout

const slug = process.env.PRODUCT_SLUG ?? 'pixel-pines-logo-tee' // a product of your shop
const product = await storefront.getStorefrontProduct({ path: { slug }, query: { currency } })
const variant = product.variants.find((v) => v.stock.type === 'UNLIMITED' || v.stock.inStock > 0)
if (!variant) throw new Error(`${product.name} is sold out`)

// Create the cart with its first line, then change it: add adds to a line, change sets it.
const cart = await storefront.createCart({
  query: { currency },
  body: { items: [{ variantId: variant.id, quantity: 1 }] },
})
const updated = await storefront.changeCartItems({
  path: { cartId: cart.id },
  query: { currency },
  body: { items: [{ variantId: variant.id, quantity: 2 }] },
})
console.log(`${updated.items.length} line(s), ${variant.unitPrice.value} ${variant.unitPrice.currency} each`)

// The hosted checkout: GET /shop's checkoutUrl with ?cartCurrency=…&cartId=… (buildCheckoutUrl does the same).
console.log(await storefront.checkoutUrl({ cartId: cart.id, cartCurrency: currency }))
