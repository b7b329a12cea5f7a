import type { SidebarsConfig } from '@docusaurus/plugin-content-docs'

/** One sidebar per guide area; the landing page (/) stands outside them. */
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
  operate: ['operate/running-fanshelf', 'operate/admin-roles'],
}

export default sidebars
