import type { ThankYousTable } from '../../db/schema.js'
import { absentIfNull } from '../../http/optional-fields.js'

/**
 * The only place a thank-you's wire shape is built (contract schema `ThankYou`). Every contribution
 * type shares one shape; `type` tells which kind of id `id` is.
 */
export function toThankYouResource(thankYou: ThankYousTable) {
  return {
    id: thankYou.id,
    mediaUrl: thankYou.media_url,
    contribution: {
      type: thankYou.contribution_type,
      id: thankYou.contribution_id,
      shopId: thankYou.shop_id,
      supporter: {
        email: thankYou.supporter_email,
        // Omitted, not null, when the supporter gave none (decision 0021).
        username: absentIfNull(thankYou.supporter_username),
        message: absentIfNull(thankYou.supporter_message),
      },
    },
  }
}

export type ThankYouResource = ReturnType<typeof toThankYouResource>
