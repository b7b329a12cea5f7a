import type {
  CollectionProductsTable,
  CollectionsTable,
  EventsTable,
  OrderLinesTable,
  OrderStatusChangesTable,
  OrdersTable,
  ProductsTable,
  VariantsTable,
  WebhookAttemptsTable,
  WebhookEventsTable,
} from '../../db/schema.js'
import { type BulkLoader, columnsOf } from './bulk-insert.js'

/** The columns the large-shop generator writes per table, declared on the bulk loader. */

const productColumns = columnsOf<ProductsTable>({
  id: true,
  shop_id: true,
  name: true,
  slug: true,
  description: true,
  type: true,
  state: true,
  access: true,
  search_text: true,
  images: true,
  thumbnail_image: true,
  additional_information: true,
  size_guide: true,
  digital_files: true,
  created_at: true,
  updated_at: true,
})
const variantColumns = columnsOf<VariantsTable>({
  id: true,
  product_id: true,
  shop_id: true,
  position: true,
  name: true,
  sku: true,
  currency: true,
  unit_price: true,
  compare_at_price: true,
  unit_cost: true,
  creator_declared_cost: true,
  attributes: true,
  stock_type: true,
  in_stock: true,
  weight: true,
  dimensions: true,
  images: true,
  thumbnail_image: true,
  created_at: true,
  updated_at: true,
})
const collectionColumns = columnsOf<CollectionsTable>({
  id: true,
  shop_id: true,
  name: true,
  slug: true,
  description: true,
  position: true,
  created_at: true,
})
const collectionProductColumns = columnsOf<CollectionProductsTable>({
  collection_id: true,
  product_id: true,
  position: true,
})
const orderColumns = columnsOf<OrdersTable>({
  id: true,
  shop_id: true,
  friendly_id: true,
  checkout_id: true,
  promotion_id: true,
  status: true,
  email: true,
  email_marketing_opt_in: true,
  username: true,
  message: true,
  currency: true,
  subtotal: true,
  shipping: true,
  tax: true,
  donation: true,
  discount: true,
  total: true,
  billing_address: true,
  shipping_address: true,
  source_type: true,
  source_gift_id: true,
  source_gift_purchase_id: true,
  tracking_params: true,
  metadata: true,
  gift_cards: true,
  created_at: true,
  updated_at: true,
})
const orderLineColumns = columnsOf<OrderLinesTable>({
  id: true,
  order_id: true,
  shop_id: true,
  position: true,
  product_id: true,
  variant_id: true,
  quantity: true,
  unit_price: true,
  unit_cost: true,
  compare_at_price: true,
  product: true,
  variant: true,
})
const statusChangeColumns = columnsOf<OrderStatusChangesTable>({
  id: true,
  order_id: true,
  shop_id: true,
  status: true,
  reason: true,
  created_at: true,
})
const eventColumns = columnsOf<EventsTable>({
  id: true,
  shop_id: true,
  type: true,
  data: true,
  test_mode: true,
  created_at: true,
  dispatched_at: true,
})
const webhookEventColumns = columnsOf<WebhookEventsTable>({
  id: true,
  shop_id: true,
  configuration_id: true,
  event_id: true,
  type: true,
  test_mode: true,
  body: true,
  state: true,
  attempt_count: true,
  schedule_base_attempt: true,
  next_attempt_at: true,
  lease_owner: true,
  lease_until: true,
  last_error: true,
  created_at: true,
  updated_at: true,
})
const attemptColumns = columnsOf<WebhookAttemptsTable>({
  id: true,
  webhook_event_id: true,
  shop_id: true,
  attempted_at: true,
  status_code: true,
  latency_ms: true,
  error_class: true,
  response_excerpt: true,
})

export function declareTables(loader: BulkLoader): void {
  // Parents before children: a transaction writes its rows table by table in this order.
  loader.declare('products', productColumns)
  loader.declare('variants', variantColumns)
  loader.declare('collections', collectionColumns)
  loader.declare('collection_products', collectionProductColumns)
  loader.declare('orders', orderColumns)
  loader.declare('order_lines', orderLineColumns)
  loader.declare('order_status_changes', statusChangeColumns)
  loader.declare('events', eventColumns)
  loader.declare('webhook_events', webhookEventColumns)
  loader.declare('webhook_attempts', attemptColumns)
}
