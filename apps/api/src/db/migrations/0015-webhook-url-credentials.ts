import { type Kysely, sql } from 'kysely'

/**
 * No credentials in a webhook URL at rest (decision 0029). New URLs with userinfo
 * (`https://user:password@host/…`) are refused; this removes it from the URLs already stored, and
 * from the copies of those URLs the database keeps:
 *
 * - `webhook_configurations.url` loses its userinfo, and the configuration is **disabled** with a
 *   reason saying why: its receiver was checking those credentials, so deliveries without them would
 *   only fail (and, failing for 5 days, disable it anyway) — or, worse, be accepted by a receiver
 *   that never looked. Its queued deliveries fail as when any configuration is disabled; `PUT
 *   /webhooks/{id}` (or the admin's form) re-enables it once the receiver verifies signatures, and
 *   the failed deliveries can be replayed.
 * - a delivery's `last_error` quoting the URL gets the cleaned URL;
 * - a saved idempotent answer (`POST`/`PUT /webhooks`, kept 24 h) that repeats the URL gets the
 *   cleaned URL, so a replayed answer does not bring the credentials back.
 *
 * The delivery log's `url` is read from the configuration, so it is clean with it. The rewrite is
 * plain data (portable SQL; `replace()` exists in SQLite and PostgreSQL) and idempotent.
 */

interface Tables {
  webhook_configurations: {
    id: string
    url: string
    enabled: number
    disabled_reason: string | null
    updated_at: string
  }
  webhook_events: {
    configuration_id: string
    state: string
    next_attempt_at: string | null
    lease_owner: string | null
    lease_until: string | null
    last_error: string | null
    updated_at: string
  }
  idempotency_keys: { response_body: string | null }
}

/** The URL without its userinfo, or undefined when it has none (as the WHATWG parser reads it). */
export function withoutCredentials(raw: string): string | undefined {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return undefined
  }
  if (url.username === '' && url.password === '') return undefined
  url.username = ''
  url.password = ''
  return url.href
}

export function disabledReason(now: Date): string {
  return (
    `Disabled on ${now.toISOString().slice(0, 10)}: its URL carried credentials (user:password@), which ` +
    'were removed. Verify the signature of each delivery instead of HTTP Basic, then re-enable it by ' +
    'updating it (PUT /webhooks/{webhookConfigurationId}).'
  )
}

/** A string as it appears inside a JSON string literal. */
const inJson = (text: string) => JSON.stringify(text).slice(1, -1)

export async function up(database: Kysely<unknown>): Promise<void> {
  const db = database as unknown as Kysely<Tables>
  const now = new Date()
  const updatedAt = now.toISOString()
  const reason = disabledReason(now)
  const candidates = await db
    .selectFrom('webhook_configurations')
    .select(['id', 'url'])
    .where('url', 'like', '%@%')
    .execute()
  for (const { id, url } of candidates) {
    const cleaned = withoutCredentials(url)
    if (cleaned === undefined) continue
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('webhook_configurations')
        .set({ url: cleaned, enabled: 0, disabled_reason: reason, updated_at: updatedAt })
        .where('id', '=', id)
        .execute()
      await trx
        .updateTable('webhook_events')
        .set({
          state: 'FAILED',
          next_attempt_at: null,
          lease_owner: null,
          lease_until: null,
          last_error: `The configuration was disabled: ${reason}`,
          updated_at: updatedAt,
        })
        .where('configuration_id', '=', id)
        .where('next_attempt_at', 'is not', null)
        .execute()
      await trx
        .updateTable('webhook_events')
        .set({ last_error: sql<string>`replace(last_error, ${url}, ${cleaned})` })
        .where('configuration_id', '=', id)
        .where('last_error', 'is not', null)
        .execute()
      await trx
        .updateTable('idempotency_keys')
        .set({ response_body: sql<string>`replace(response_body, ${inJson(url)}, ${inJson(cleaned)})` })
        .where('response_body', 'is not', null)
        .where(sql<boolean>`replace(response_body, ${inJson(url)}, ${inJson(cleaned)}) <> response_body`)
        .execute()
    })
  }
}

/** Credentials removed from storage cannot be put back. */
export async function down(): Promise<void> {}
