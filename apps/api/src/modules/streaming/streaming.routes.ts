import type { Schema } from '@fanshelf/contract'
import type { ShopPrincipal } from '../../http/principal.js'
import type { Handlers } from '../../http/typed-handlers.js'
import type { StreamingStatusResource } from './streaming.mapper.js'
import type { StreamingService } from './streaming.service.js'

/**
 * The mapper's status as the contract's `StreamingStatus`. The stored service `type` is a plain string
 * and `broadcaster_id`/`broadcaster_login` are nullable columns (though every listed service was
 * started with both, see streaming.mapper.ts), so this is an assertion, not a proof: TypeScript still
 * rejects it when a required field is renamed or removed, or a field's type stops overlapping.
 */
function wireStatus(status: StreamingStatusResource): Schema<'StreamingStatus'> {
  return status as Schema<'StreamingStatus'>
}

export function streamingHandlers(
  streaming: StreamingService,
): Handlers<'getStreamingStatus' | 'startStreaming' | 'endStreaming', ShopPrincipal> {
  return {
    getStreamingStatus: async ({ auth }) => wireStatus(await streaming.getStatus(auth.shopId)),
    startStreaming: async ({ auth, body }) => wireStatus(await streaming.start(auth.shopId, body)),
    endStreaming: async ({ auth, body }) => wireStatus(await streaming.end(auth.shopId, body)),
  }
}
