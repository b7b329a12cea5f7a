import type { ProductsTable } from '../../db/schema.js'

export type ProductState = ProductsTable['state']

/** `PUT /products/{productId}/availability`: the state each `available` value sets. */
export const stateForAvailability: Readonly<Record<'true' | 'false', ProductState>> = {
  true: 'AVAILABLE',
  false: 'SOLD_OUT',
}

/** The state to set, or undefined when the product has it already (no change, no event). */
export function nextProductState(current: ProductState, available: boolean): ProductState | undefined {
  const target = stateForAvailability[available ? 'true' : 'false']
  return target === current ? undefined : target
}
