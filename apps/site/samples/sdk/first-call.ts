import { createOpenApiClient } from '@fanshelf/sdk'

// An API user of your shop (locally: npx fanshelf demo-credentials).
const fanshelf = createOpenApiClient({
  baseUrl: process.env.FANSHELF_API ?? 'http://127.0.0.1:4000/open-api/v1.0',
  auth: {
    type: 'basic',
    username: process.env.FANSHELF_API_USER ?? '',
    password: process.env.FANSHELF_API_PASSWORD ?? '',
  },
})

const shop = await fanshelf.shops.getCurrent()
console.log(`Connected to ${shop.name} (${shop.id})`)

// Lists are async iterables over every page; the client waits on the rate limit like the server does.
for await (const order of fanshelf.orders.list({ status: ['CONFIRMED'] })) {
  console.log(order.friendlyId, order.amounts.total.value, order.amounts.total.currency)
}
