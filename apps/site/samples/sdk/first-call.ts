import { createOpenApiClient } from '@fanshelf/sdk'

// An API user of your shop (locally: npx fanshelf demo-credentials). The base URL is the server's origin.
const client = createOpenApiClient({
  baseUrl: process.env.FANSHELF_ORIGIN ?? 'http://127.0.0.1:4000',
  auth: { username: process.env.FANSHELF_API_USER!, password: process.env.FANSHELF_API_PASSWORD! },
})

// GET /shops/current: one method per operation, named by its operationId.
const shop = await client.getCurrentShop()
console.log(`Connected to ${shop.name} (${shop.id})`)

// paginate() walks every page; a 429 RATE_LIMITED is waited out (Retry-After) and retried, not thrown.
for await (const order of client.paginate('listOrders', { query: { status: ['CONFIRMED'], size: 100 } })) {
  console.log(order.friendlyId, order.amounts.total.value, order.amounts.total.currency)
}
