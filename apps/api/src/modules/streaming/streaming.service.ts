import { type Clock, isoTime } from '../../clock.js'
import type { Db, Executor } from '../../db/database.js'
import { toStreamingStatusResource } from './streaming.mapper.js'
import {
  listStreamingServices,
  type OnlineService,
  setServicesOffline,
  upsertOnlineService,
} from './streaming.repository.js'

export interface StreamingStart {
  services: { type?: string; broadcasterId: string; broadcasterLogin: string; thumbnailUrl?: string }[]
}

export interface StreamingEnd {
  services: string[]
}

/**
 * Whether the creator is live, per streaming service (gift purchases start draws only while live).
 * Starting and ending are idempotent; neither has a webhook event type, so nothing is recorded.
 */
export function createStreamingService(db: Db, options: { clock: Clock }) {
  const { clock } = options

  async function getStatus(shopId: string, executor: Executor = db) {
    return toStreamingStatusResource(shopId, await listStreamingServices(executor, shopId))
  }

  return {
    getStatus,

    /** `PUT /streaming/start`: the listed services go ONLINE with these details (again: details updated). */
    async start(shopId: string, request: StreamingStart) {
      const services: OnlineService[] = request.services.map((service) => ({
        type: service.type ?? 'TWITCH',
        broadcasterId: service.broadcasterId,
        broadcasterLogin: service.broadcasterLogin,
        thumbnailUrl: service.thumbnailUrl ?? null,
      }))
      return db.transaction().execute(async (trx) => {
        const now = isoTime(clock.now())
        for (const service of services) await upsertOnlineService(trx, shopId, service, now)
        return getStatus(shopId, trx)
      })
    },

    /** `PUT /streaming/end`: the listed services go OFFLINE; ending one that is not online is a no-op. */
    async end(shopId: string, request: StreamingEnd) {
      return db.transaction().execute(async (trx) => {
        await setServicesOffline(trx, shopId, [...new Set(request.services)], isoTime(clock.now()))
        return getStatus(shopId, trx)
      })
    },
  }
}

export type StreamingService = ReturnType<typeof createStreamingService>
