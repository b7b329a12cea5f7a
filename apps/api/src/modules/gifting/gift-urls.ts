/**
 * The public addresses of gifts — the only place they are built. A giveaway link and a draw
 * winner's redemption page both live under `/gifts/<giftId>` on the public site (the page itself
 * belongs to the storefront/checkout issue).
 */
export function createGiftUrls(publicUrl: string) {
  const base = publicUrl.replace(/\/$/, '')
  return {
    /** A giveaway link, as handed to its recipient. */
    link: (giftId: string) => `${base}/gifts/${encodeURIComponent(giftId)}`,
    /** Where a draw winner redeems their gift. */
    redeem: (giftId: string) => `${base}/gifts/${encodeURIComponent(giftId)}/redeem`,
  }
}

export type GiftUrls = ReturnType<typeof createGiftUrls>
