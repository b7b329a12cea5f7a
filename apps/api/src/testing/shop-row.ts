import type { ShopsTable } from '../db/schema.js'

/** A bare shop row for tests of the data layer (no demo data): only `id` is required. */
export function shopRow(id: string, overrides: Partial<ShopsTable> = {}): ShopsTable {
  const at = '2026-11-01T00:00:00.000Z'
  return {
    id,
    name: `Shop ${id}`,
    domain: `${id}.example`,
    public_domain: '',
    currency: 'USD',
    contact_info: '{}',
    webhook_secret: 'x',
    webhook_secret_previous: null,
    webhook_secret_previous_until: null,
    created_at: at,
    updated_at: at,
    ...overrides,
  }
}
