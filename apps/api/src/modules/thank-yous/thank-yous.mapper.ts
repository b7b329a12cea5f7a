import type { ThankYousTable } from '../../db/schema.js'

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
        username: thankYou.supporter_username,
        message: thankYou.supporter_message,
      },
    },
  }
}
