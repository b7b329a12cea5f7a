import type { StreamingServicesTable } from '../../db/schema.js'

/** One service's status (contract schema `StreamingService`). */
export function toStreamingServiceResource(service: StreamingServicesTable) {
  return {
    type: service.type,
    status: service.status,
    broadcasterId: service.broadcaster_id,
    broadcasterLogin: service.broadcaster_login,
    thumbnailUrl: service.thumbnail_url,
  }
}

/**
 * The only place the streaming status's wire shape is built (contract schema `StreamingStatus`).
 * A service is listed once it has been started; before that `services` is empty.
 */
export function toStreamingStatusResource(shopId: string, services: StreamingServicesTable[]) {
  return { shopId, services: services.map(toStreamingServiceResource) }
}

export type StreamingStatusResource = ReturnType<typeof toStreamingStatusResource>
