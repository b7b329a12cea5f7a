import { verifyWebhook, type WebhookEvent, WebhookVerificationError } from '@fanshelf/sdk'

// The secret exactly as POST /webhooks answered it (whsec_…), or a platform app's HMAC key.
const secret = process.env.FANSHELF_WEBHOOK_SECRET!

/**
 * Your webhook route, in any framework: the raw body (bytes or string, never re-serialized JSON) and
 * the request headers in; the status to answer and the verified event out.
 */
export async function receiveDelivery(
  rawBody: Uint8Array | string,
  headers: Headers | Record<string, string | string[] | undefined>,
): Promise<{ status: number; event?: WebhookEvent }> {
  try {
    // Checks webhook-signature (Standard Webhooks, with a recent webhook-timestamp) when present,
    // else X-Fourthwall-Hmac-SHA256 (or X-Fanshelf-Hmac-SHA256); answers the parsed, typed envelope.
    const event = await verifyWebhook(rawBody, headers, secret)
    if (event.type === 'ORDER_PLACED') console.log(`order ${event.data.friendlyId} placed`)
    return { status: 200, event }
  } catch (error) {
    // Tampered, stale, unsigned or signed with another secret: refuse it, process nothing.
    if (error instanceof WebhookVerificationError) return { status: 401 }
    throw error
  }
}
