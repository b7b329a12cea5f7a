import { escapeXml } from '../feed/feed-xml.js'

/** What the card names: the shop that thanks and, when they gave one, the supporter's public name. */
export interface ThankYouCard {
  shopName: string
  supporterUsername: string | null
}

const font = `ui-rounded, 'SF Pro Rounded', 'Trebuchet MS', 'Segoe UI', system-ui, sans-serif`

/**
 * The media a thank-you's `mediaUrl` serves: a 1200×675 card from the shop to the supporter. The
 * platform mirrored records a video; this server renders a card, so the link a creator sends
 * (THANK_YOU_SENT's `mediaUrl`) opens real media without an outside host.
 */
export function renderThankYouSvg(card: ThankYouCard): string {
  const greeting = card.supporterUsername ? `Thank you, ${card.supporterUsername}!` : 'Thank you!'
  const title = `${card.shopName}: ${greeting}`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#FBE3C8"/><stop offset="1" stop-color="#F4B6A6"/></linearGradient></defs>',
    '<rect width="1200" height="675" fill="url(#bg)"/>',
    '<path d="M600 250 C600 190 520 160 480 200 C440 240 460 300 600 380 C740 300 760 240 720 200 C680 160 600 190 600 250 Z" fill="#D9485F"/>',
    `<text x="600" y="480" text-anchor="middle" font-family="${font}" font-size="64" font-weight="800" fill="#3B1F2B">${escapeXml(greeting)}</text>`,
    `<text x="600" y="560" text-anchor="middle" font-family="${font}" font-size="34" fill="#5A3A44">from ${escapeXml(card.shopName)}</text>`,
    '</svg>',
  ].join('')
}
