/**
 * The MCP prompts (decision 0051): the common tasks of the guides, written for an agent, naming the
 * tools (operationIds) it should call. `mcp-resources.test.ts` checks that the text names exactly the
 * tools listed and that each is one of the contract's: a renamed operation cannot leave a prompt
 * pointing at nothing.
 */

export interface McpPromptArgument {
  name: string
  description: string
  required: boolean
}

export interface McpPrompt {
  name: string
  title: string
  description: string
  arguments: McpPromptArgument[]
  /** The tools (operationIds) the text tells the agent to call. */
  tools: readonly string[]
  /** The user message, from the arguments (each present when required). */
  text(args: Record<string, string | undefined>): string
}

export const mcpPrompts: readonly McpPrompt[] = [
  {
    name: 'reconcile-orders',
    title: 'Reconcile orders',
    description: 'Check every order since a date against the webhook deliveries your receiver should have had.',
    arguments: [
      { name: 'since', description: 'ISO 8601 date-time: orders created after it.', required: true },
      { name: 'receiver', description: 'The webhook URL that should have received them (optional).', required: false },
    ],
    tools: ['listOrders', 'listWebhookConfigurations', 'listWebhookEvents', 'replayWebhookEvent'],
    text: (args) =>
      [
        `Reconcile this shop's orders created after ${args.since}.`,
        `1. Call \`listOrders\` with \`createdAt[gt]\` = "${args.since}", \`size\` 100, and page (\`page\` 0, 1, …) until a page has fewer results than \`size\`.`,
        `2. Call \`listWebhookConfigurations\`${args.receiver ? ` and pick the one whose \`url\` is ${args.receiver}` : ''}; then \`listWebhookEvents\` with \`type\` ORDER_PLACED (and that \`webhookConfigurationId\`), paging with \`startingAfter\` = the last event's id while \`hasMore\` is true.`,
        "3. For each order, find its ORDER_PLACED event (the event's data is the order: match `data.id`) and the delivery outcome. List the orders with no event, and those whose event was not delivered.",
        '4. For an undelivered event, offer to call `replayWebhookEvent`; do not replay without asking.',
        'Report counts first (orders, delivered, undelivered, missing), then the exceptions with order friendlyId, status and createdAt.',
      ].join('\n'),
  },
  {
    name: 'set-up-webhook',
    title: 'Set up a webhook and verify its signature',
    description: 'Subscribe a URL to events, send a test event, and show how the receiver verifies the signature.',
    arguments: [
      { name: 'url', description: 'The HTTPS endpoint that receives the deliveries.', required: true },
      { name: 'events', description: 'Comma-separated event types, e.g. ORDER_PLACED,DONATION.', required: true },
    ],
    tools: [
      'listWebhookConfigurations',
      'updateWebhookConfiguration',
      'createWebhookConfiguration',
      'sendWebhookTestEvent',
      'listWebhookEvents',
    ],
    text: (args) =>
      [
        `Set up a webhook for ${args.url} receiving ${args.events}.`,
        `1. Call \`listWebhookConfigurations\`: if one already has this \`url\`, update it with \`updateWebhookConfiguration\` instead of creating a second one.`,
        `2. Otherwise call \`createWebhookConfiguration\` with body { "url": "${args.url}", "allowedTypes": [${(
          args.events ?? ''
        )
          .split(',')
          .map((type) => `"${type.trim()}"`)
          .filter((type) => type !== '""')
          .join(', ')}] }.`,
        "3. The answer of `createWebhookConfiguration` carries `secret`, the shop's signing secret: tell the merchant to store it in the receiver's configuration, and never repeat it elsewhere.",
        '4. Call `sendWebhookTestEvent` for the configuration and then `listWebhookEvents` with its `webhookConfigurationId` to see whether the test delivery succeeded, and why not if it failed.',
        "5. Explain how the receiver verifies each delivery's signature (`X-Fourthwall-Hmac-SHA256`, or the Standard Webhooks headers) over the raw body, following the Signature verification guide among the resources (webhooks/signature-verification.md), with its code in the receiver's language.",
      ].join('\n'),
  },
  {
    name: 'run-giveaway',
    title: 'Run a chat giveaway',
    description: 'Mark the stream live, finish a gifting draw with the chat entrants, and end the stream.',
    arguments: [
      { name: 'broadcaster', description: 'The Twitch broadcaster login of the live channel.', required: true },
    ],
    tools: [
      'getStreamingStatus',
      'startStreaming',
      'listWebhookEvents',
      'getGiftDraw',
      'getGiftPurchase',
      'finishGiftDraw',
      'endStreaming',
    ],
    text: (args) =>
      [
        `Run a gifting giveaway for the Twitch channel ${args.broadcaster}. Gifting tools accept API users only (Basic), not app tokens.`,
        `1. Call \`getStreamingStatus\`; if TWITCH is not ONLINE, call \`startStreaming\` with the broadcaster login ${args.broadcaster} (ask the merchant for the broadcaster id).`,
        '2. Find open draws: `listWebhookEvents` with `type` GIFT_DRAW_STARTED; read each with `getGiftDraw` (open while `finishedAt` is null) and its purchase with `getGiftPurchase`.',
        '3. Ask the merchant for the entrants collected in chat (service, userId, userName), then call `finishGiftDraw` with them as `participants` at or after `endsAt`.',
        '4. Report the winners and their redeem links; when the stream is over, call `endStreaming`.',
        'The Gifting guide among the resources (webhooks/gifting-guide.md) has the whole flow.',
      ].join('\n'),
  },
]
