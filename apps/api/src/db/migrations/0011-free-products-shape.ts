import { type Kysely, sql } from 'kysely'

/**
 * `FREE_PRODUCTS` discounts move to the platform's shape (decision 0023): the flat
 * `{freeProductsType: 'AUTO_ADDED' | 'MANUALLY_ADDED', products: [...]}` stored before becomes
 * `{freeProductsType: {type, products: [...]}}` — AUTO_ADDED entries `{variantId, quantity}`,
 * MANUALLY_ADDED entries `{availableVariantIds, quantity}` (a fixed `variantId` becomes a choice of
 * one). Rows already in the new shape are left as they are, so the migration may run twice.
 */

type FlatProduct = { variantId: string; quantity: number } | { availableVariantIds: string[]; quantity: number }

interface FlatDiscount {
  type: 'FREE_PRODUCTS'
  freeProductsType: unknown
  products?: FlatProduct[]
  freeShipping?: boolean
}

export function nestedFreeProducts(discount: FlatDiscount): Record<string, unknown> | undefined {
  if (typeof discount.freeProductsType !== 'string') return undefined
  const products = discount.products ?? []
  const freeProductsType =
    discount.freeProductsType === 'AUTO_ADDED'
      ? {
          type: 'AUTO_ADDED',
          products: products.flatMap((p) =>
            'variantId' in p ? [{ variantId: p.variantId, quantity: p.quantity }] : [],
          ),
        }
      : {
          type: 'MANUALLY_ADDED',
          products: products.map((p) => ({
            availableVariantIds: 'variantId' in p ? [p.variantId] : p.availableVariantIds,
            quantity: p.quantity,
          })),
        }
  return { type: 'FREE_PRODUCTS', freeProductsType, freeShipping: discount.freeShipping ?? false }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string; discount: string }>`
    select id, discount from promotions where discount like ${'%FREE_PRODUCTS%'}
  `.execute(db)
  for (const row of rows) {
    const discount = JSON.parse(row.discount) as FlatDiscount
    if (discount.type !== 'FREE_PRODUCTS') continue
    const nested = nestedFreeProducts(discount)
    if (nested) await sql`update promotions set discount = ${JSON.stringify(nested)} where id = ${row.id}`.execute(db)
  }
}

export async function down(): Promise<void> {
  // The flat shape is not restored: the new shape is a superset of what it said.
}
