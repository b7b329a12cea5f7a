/** What the plans read: the reader context's values, the injected request, fields of JSON answers. */

export type Values = Readonly<Record<string, string>>

/** The request as `call` sends it: method, path from the origin, JSON body; answers status and JSON. */
export type Call = (
  method: string,
  path: string,
  body: unknown,
  auth: 'basic' | 'storefront' | 'none',
) => Promise<{ status: number; json: unknown }>

export const field = (value: unknown, name: string): string | undefined => {
  const found = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined
  return typeof found === 'string' ? found : undefined
}

export const shopName = (context: Values | undefined) =>
  context?.SHOP_NAME ? `shop ${context.SHOP_NAME}` : context?.SHOP_ID ? `shop ${context.SHOP_ID}` : 'the shop'

export function bodyField(body: string, name: string): string | undefined {
  try {
    return field(JSON.parse(body), name)
  } catch {
    return undefined
  }
}
