import { expect } from 'vitest'
import { parseConfig } from '../config.js'
import { type DatabaseHandle, type Db, migrateToLatest, openDatabase } from '../db/database.js'
import type { Database } from '../db/schema.js'
import { SecretBox } from '../security/secret-box.js'
import { type DemoCredentials, isSeeded, seedDemo } from './demo-seed.js'

/**
 * What the demo seed suites (demo-seed*.test.ts) share: the seed's options, a dump of every table it
 * writes (with and without credentials), fresh seeded databases, and a SQLite seed to compare
 * PostgreSQL's with.
 */

export const publicUrl = parseConfig({}).publicUrl
export const secretBox = SecretBox.fromKey('demo-seed-test-key')
export const seedOptions = { secretBox, publicUrl, now: Date.UTC(2027, 0, 1) }

export type Row = Record<string, unknown>
export type Dump = Record<string, Row[]>

/** Every table the seed writes. */
export const seededTables = [
  'shops',
  'admin_users',
  'api_users',
  'storefront_tokens',
  'products',
  'variants',
  'collections',
  'collection_products',
  'orders',
  'order_lines',
  'order_status_changes',
  'donations',
  'promotions',
  'promotion_codes',
  'gift_purchases',
  'gifts',
  'gift_draws',
  'giveaway_packages',
  'thank_yous',
  'membership_tiers',
  'membership_tier_variants',
  'members',
  'mailing_list_entries',
  'streaming_services',
  'platform_apps',
  'platform_app_grants',
  'media_files',
] as const satisfies readonly (keyof Database)[]

/** Columns that hold (or derive from) random credentials: they differ on every seed. */
export const credentialColumns: Record<string, string[]> = {
  shops: ['webhook_secret'],
  admin_users: ['password_hash'],
  api_users: ['username', 'password_hash'],
  storefront_tokens: ['token_hash', 'token_sealed'],
  platform_apps: ['id', 'client_secret_hash', 'webhook_hmac_key_sealed'],
  platform_app_grants: ['id', 'app_id'],
}

export async function dump(db: Db): Promise<Dump> {
  const out: Dump = {}
  for (const table of seededTables) {
    const rows = (await db.selectFrom(table).selectAll().execute()) as Row[]
    out[table] = rows.map((row) => ({ ...row })).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1))
  }
  return out
}

export function withoutCredentials(data: Dump): Dump {
  return Object.fromEntries(
    Object.entries(data).map(([table, rows]) => [
      table,
      rows.map((row) =>
        Object.fromEntries(Object.entries(row).filter(([c]) => !credentialColumns[table]?.includes(c))),
      ),
    ]),
  )
}

export const parse = <T = Record<string, unknown>>(value: unknown) => JSON.parse(value as string) as T
export const isoMs = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
export const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
export const prefixed = (prefix: string) => new RegExp(`^${prefix}[A-Za-z0-9_-]{22}$`)
export const byId = <T extends Row>(rows: T[]) => new Map(rows.map((r) => [r.id as string, r]))
export const values = <T>(rows: Row[], column: string) => new Set(rows.map((r) => r[column] as T))

export interface Seeded {
  handles: DatabaseHandle[]
  first: Dump
  /** Only when seeded twice. */
  second: Dump | undefined
  credentials: DemoCredentials[]
}

/** Seeds `times` fresh databases (two to compare runs) and dumps each. */
export async function seedFresh(open: () => Promise<DatabaseHandle>, times = 1): Promise<Seeded> {
  const handles: DatabaseHandle[] = []
  const dumps: Dump[] = []
  const credentials: DemoCredentials[] = []
  for (let i = 0; i < times; i++) {
    const handle = await open()
    handles.push(handle)
    await migrateToLatest(handle.db)
    expect(await isSeeded(handle.db)).toBe(false)
    credentials.push(await seedDemo(handle.db, seedOptions))
    dumps.push(await dump(handle.db))
  }
  return { handles, first: dumps[0]!, second: dumps[1], credentials }
}

export let sqliteReference: Promise<Dump> | undefined
/** A SQLite seed to compare the PostgreSQL one with. */
export function sqliteDump(): Promise<Dump> {
  sqliteReference ??= (async () => {
    const handle = openDatabase('sqlite::memory:')
    try {
      await migrateToLatest(handle.db)
      await seedDemo(handle.db, seedOptions)
      return await dump(handle.db)
    } finally {
      await handle.close()
    }
  })()
  return sqliteReference
}
