import type { HandlerTable, OperationContext } from '../../http/operation-router.js'
import type { ShopPrincipal } from '../../http/principal.js'
import type { StreamingEnd, StreamingService, StreamingStart } from './streaming.service.js'

type Ctx = OperationContext<Record<string, never>, Record<string, never>, undefined, ShopPrincipal>
type StartCtx = OperationContext<Record<string, never>, Record<string, never>, StreamingStart, ShopPrincipal>
type EndCtx = OperationContext<Record<string, never>, Record<string, never>, StreamingEnd, ShopPrincipal>

export function streamingHandlers(streaming: StreamingService): HandlerTable {
  return {
    getStreamingStatus: ({ auth }: Ctx) => streaming.getStatus(auth.shopId),
    startStreaming: ({ auth, body }: StartCtx) => streaming.start(auth.shopId, body),
    endStreaming: ({ auth, body }: EndCtx) => streaming.end(auth.shopId, body),
  }
}
