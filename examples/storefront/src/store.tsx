import { buildCheckoutUrl, isFanshelfApiError } from '@fanshelf/sdk'
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import { isCurrency } from './currencies'
import { type Cart, type Currency, type Shop, storefront } from './storefront'

/**
 * The shop, the shopper's currency and cart, shared by every page. The cart id and the currency are
 * kept in localStorage; the cart itself lives in Fanshelf (anonymous, 30 days).
 */

const cartIdKey = 'fanshelf-example.cartId'
const currencyKey = 'fanshelf-example.currency'

interface Store {
  shop: Shop
  currency: Currency
  setCurrency: (currency: Currency) => void
  cart: Cart | undefined
  itemCount: number
  busy: boolean
  /** The last cart change, read out by a live region. */
  announcement: string
  error: string | undefined
  cartOpen: boolean
  openCart: () => void
  closeCart: () => void
  addToCart: (variantId: string, quantity: number, label: string) => Promise<void>
  changeQuantity: (variantId: string, quantity: number) => Promise<void>
  removeLine: (variantId: string) => Promise<void>
  /** The hosted checkout address for the cart in the current currency. */
  checkoutUrl: string | undefined
}

const StoreContext = createContext<Store | undefined>(undefined)

export function useStore(): Store {
  const store = useContext(StoreContext)
  if (!store) throw new Error('useStore() outside <StoreProvider>')
  return store
}

function errorMessage(error: unknown): string {
  if (isFanshelfApiError(error, 'CART_INSUFFICIENT_STOCK')) {
    return `Only ${String(error.details?.available ?? 'a few')} of this item are in stock.`
  }
  if (isFanshelfApiError(error)) return error.message
  return 'Something went wrong. Please try again.'
}

/** `shop`: the shop the API answered before the app rendered (connection.ts). */
export function StoreProvider({ shop, children }: { shop: Shop; children: ReactNode }) {
  const [currency, setCurrencyState] = useState<Currency>(() => {
    const saved = localStorage.getItem(currencyKey)
    return isCurrency(saved) ? saved : shop.currency
  })
  const [cart, setCart] = useState<Cart>()
  const [busy, setBusy] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  const [error, setError] = useState<string>()
  const [cartOpen, setCartOpen] = useState(false)

  // (Re)load the saved cart in the current currency; a cart that expired or was checked out is forgotten.
  useEffect(() => {
    const cartId = localStorage.getItem(cartIdKey)
    if (!currency || !cartId) return
    const controller = new AbortController()
    storefront.getCart({ path: { cartId }, query: { currency }, signal: controller.signal }).then(
      (answer) => setCart(answer),
      (reason: unknown) => {
        if (controller.signal.aborted) return
        if (isFanshelfApiError(reason, 'CART_NOT_FOUND')) {
          localStorage.removeItem(cartIdKey)
          setCart(undefined)
        } else setError(errorMessage(reason))
      },
    )
    return () => controller.abort()
  }, [currency])

  const setCurrency = useCallback((next: Currency) => {
    localStorage.setItem(currencyKey, next)
    setCurrencyState(next)
  }, [])

  const update = useCallback(async (change: () => Promise<Cart>, done: string) => {
    setBusy(true)
    setError(undefined)
    try {
      const answer = await change()
      localStorage.setItem(cartIdKey, answer.id)
      setCart(answer)
      setAnnouncement(done)
    } catch (reason) {
      setError(errorMessage(reason))
    } finally {
      setBusy(false)
    }
  }, [])

  const addToCart = useCallback(
    async (variantId: string, quantity: number, label: string) => {
      const items = [{ variantId, quantity }]
      const query = currency ? { currency } : {}
      const createCart = () => storefront.createCart({ query, body: { items } })
      await update(async () => {
        const cartId = localStorage.getItem(cartIdKey)
        if (!cartId) return createCart()
        try {
          return await storefront.addCartItems({ path: { cartId }, query, body: { items } })
        } catch (reason) {
          // Checked out or expired meanwhile: start a new cart with this item.
          if (isFanshelfApiError(reason, 'CART_CLOSED') || isFanshelfApiError(reason, 'CART_NOT_FOUND')) {
            return createCart()
          }
          throw reason
        }
      }, `Added ${quantity} × ${label} to the cart.`)
      setCartOpen(true)
    },
    [currency, update],
  )

  const changeQuantity = useCallback(
    async (variantId: string, quantity: number) => {
      if (!cart) return
      await update(
        () =>
          storefront.changeCartItems({
            path: { cartId: cart.id },
            query: currency ? { currency } : {},
            body: { items: [{ variantId, quantity }] },
          }),
        quantity === 0 ? 'Removed the item from the cart.' : `Quantity changed to ${quantity}.`,
      )
    },
    [cart, currency, update],
  )

  const removeLine = useCallback(
    async (variantId: string) => {
      if (!cart) return
      await update(
        () =>
          storefront.removeCartItems({
            path: { cartId: cart.id },
            query: currency ? { currency } : {},
            body: { items: [{ variantId }] },
          }),
        'Removed the item from the cart.',
      )
    },
    [cart, currency, update],
  )

  const value = useMemo<Store>(
    () => ({
      shop,
      currency,
      setCurrency,
      cart,
      itemCount: cart?.items.reduce((sum, line) => sum + line.quantity, 0) ?? 0,
      busy,
      announcement,
      error,
      cartOpen,
      openCart: () => setCartOpen(true),
      closeCart: () => setCartOpen(false),
      addToCart,
      changeQuantity,
      removeLine,
      checkoutUrl:
        shop && cart && currency && cart.items.length > 0
          ? buildCheckoutUrl(shop.checkoutUrl, { cartId: cart.id, cartCurrency: currency })
          : undefined,
    }),
    [shop, currency, setCurrency, cart, busy, announcement, error, cartOpen, addToCart, changeQuantity, removeLine],
  )
  return <StoreContext.Provider value={value}>{children}</StoreContext.Provider>
}
