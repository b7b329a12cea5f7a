import type { ValidateFunction } from 'ajv/dist/2020.js'
import type { Executor } from '../../../db/database.js'
import type { EventsTable } from '../../../db/schema.js'
import type { Contract } from '../../../http/contract.js'
import { compileSchema } from '../../../http/validation.js'

/** The outbox rows of one type, oldest first, with `data` parsed. */
export async function recordedEvents(db: Executor, shopId: string, type: string) {
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('type', '=', type)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({ ...row, data: JSON.parse(row.data) as Record<string, unknown> }))
}

export async function eventCount(db: Executor): Promise<number> {
  return (await db.selectFrom('events').select('id').execute()).length
}

const validators = new Map<string, ValidateFunction>()

/**
 * Fails unless the event, wrapped in its delivery envelope, matches the contract's `webhooks:`
 * schema for its type — the payload a subscriber would receive.
 */
export function expectEventConforms(
  contract: Contract,
  event: EventsTable | { type: string; shop_id: string; created_at: string; data: unknown },
) {
  let validate = validators.get(event.type)
  if (!validate) {
    const schema = contract.webhookEvents.get(event.type)?.envelope
    if (!schema) throw new Error(`The contract has no webhook ${event.type}`)
    validate = compileSchema(schema)
    validators.set(event.type, validate)
  }
  const data = typeof event.data === 'string' ? JSON.parse(event.data) : event.data
  const envelope = {
    testMode: false,
    id: 'weve_test',
    webhookId: 'wcon_test',
    shopId: event.shop_id,
    type: event.type,
    apiVersion: 'V1',
    createdAt: event.created_at,
    data,
  }
  if (!validate(envelope)) {
    throw new Error(`${event.type} event breaks its webhook schema: ${JSON.stringify(validate.errors, null, 2)}`)
  }
}
