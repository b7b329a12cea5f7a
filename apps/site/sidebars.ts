import type { SidebarsConfig } from '@docusaurus/plugin-content-docs'

/** Two sidebars, one per guide area; the landing page (/) stands outside both. */
const sidebars: SidebarsConfig = {
  storefront: [
    'storefront/index',
    'storefront/getting-started',
    'storefront/collection',
    'storefront/checkout',
    'storefront/showcase',
  ],
  webhooks: [
    'webhooks/index',
    'webhooks/webhook-model',
    'webhooks/webhook-event-types',
    'webhooks/webhook-event-types-beta',
    'webhooks/signature-verification',
    'webhooks/testing',
    'webhooks/response-retry-policies',
    'webhooks/limitations',
    'webhooks/gifting-guide',
  ],
}

export default sidebars
