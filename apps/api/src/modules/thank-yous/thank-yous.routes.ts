import type { Schema } from '@fanshelf/contract'
import type { ShopPrincipal } from '../../http/principal.js'
import type { Handlers } from '../../http/typed-handlers.js'
import type { ThankYouResource } from './thank-yous.mapper.js'
import type { ThankYouService } from './thank-yous.service.js'

/**
 * The mapper's thank-you as the contract's `ThankYou`. The stored `contribution_type` is a plain
 * string (the table does not narrow it to the four contribution types), so this is an assertion, not
 * a proof: TypeScript still rejects it when a required field of `ThankYou` is renamed or removed, or a
 * field's type stops overlapping; an optional field renamed in the contract (`supporter.username`,
 * `supporter.message`) is not caught until the mapper returns `Schema<'ThankYou'>` itself.
 */
function wireThankYou(thankYou: ThankYouResource): Schema<'ThankYou'> {
  return thankYou as Schema<'ThankYou'>
}

export function thankYouHandlers(thankYous: ThankYouService): Handlers<'getThankYou', ShopPrincipal> {
  return {
    getThankYou: async ({ auth, params }) => wireThankYou(await thankYous.getThankYou(auth.shopId, params.thankYouId)),
  }
}
