import type { Kysely } from 'kysely'
import { hashPassword } from '../../security/passwords.js'
import { type SecretBox, tokenHash } from '../../security/secret-box.js'

/**
 * A shop as the previous release (migrations up to 0017) stored it, for the upgrade test
 * (db/upgrade.test.ts): its ids and credentials, and its rows as plain SQL values of the 0017 schema.
 */

export const previousRelease = '0017-auth-attempts'

export const at = '2026-10-28T09:30:00.000Z'
export const shopId = 'sh_1f0c3a52-6a1d-4f8e-9b0c-2d7e5a9c4b11'
export const productId = '4b9d2f1e-8c3a-4e5b-9f60-7a1b2c3d4e5f'
export const variantId = '6c0e3a2f-9d4b-4f6c-8a71-8b2c3d4e5f60'
export const orderId = '7d1f4b3a-0e5c-4a7d-9b82-9c3d4e5f6071'
export const configurationId = 'wcon_Up9rAd3T3sTc0nF1g'
export const deliveryId = 'weve_Up9rAd3D3l1v3rY01'
export const adminEmail = 'owner@upgrade.example'
export const adminPassword = 'an upgrade-proof passphrase'
export const apiUser = { username: 'upgrade_api_user', password: 'fs_upgrade_api_user_password_0123456789' }
export const storefrontToken = 'ptkn_UpgradeStorefrontToken0123456789'
export const webhookSecret = 'whsec_VXBncmFkZSBzaWduaW5nIHNlY3JldCE='

export const digitalFileId = 'dfl_upgrade00000000000000'
export const digitalFileBytes = Buffer.from('not really a PNG, but the same bytes after the upgrade')

export const image = {
  id: 'img_up1',
  url: 'https://cdn.example/upgrade/hoodie-front.jpg',
  width: 1200,
  height: 1200,
  transformedUrl: 'https://cdn.example/w_800/upgrade/hoodie-front.jpg',
}
export const attributes = {
  description: 'Forest / M',
  color: { name: 'Forest', swatch: '#2f6f4e' },
  size: { name: 'M' },
}
export const weight = { value: 0.6, unit: 'KG' }
export const dimensions = { length: 30, width: 25, height: 5, unit: 'CM' }
export const address = {
  name: 'Sam Rivera',
  address1: '1200 Morrison St',
  city: 'Portland',
  state: 'OR',
  country: 'US',
  zip: '97204',
}

/** The previous release's rows: the columns its schema had, nothing newer. */
// biome-ignore lint/suspicious/noExplicitAny: the 0017 schema, not today's Database type
export async function insertPreviousReleaseData(db: Kysely<any>, secretBox: SecretBox): Promise<void> {
  const json = JSON.stringify
  await db
    .insertInto('shops')
    .values({
      id: shopId,
      name: 'Upgrade Outfitters',
      domain: 'upgrade-outfitters.fanshelf.shop',
      public_domain: 'shop.upgrade.example',
      currency: 'USD',
      contact_info: json({
        shopEmail: 'hello@upgrade.example',
        contactEmail: 'hello@upgrade.example',
        transactionalEmail: 'orders@upgrade.example',
        customerSupportEmail: null,
        phone: null,
        shopName: 'Upgrade Outfitters',
        domain: 'upgrade-outfitters.fanshelf.shop',
        location: null,
      }),
      webhook_secret: secretBox.seal(webhookSecret),
      webhook_secret_previous: null,
      webhook_secret_previous_until: null,
      created_at: at,
      updated_at: at,
    })
    .execute()
  await db
    .insertInto('admin_users')
    .values({
      id: 'adm_UpgradeOwner01',
      shop_id: shopId,
      email: adminEmail,
      name: 'Upgrade Owner',
      password_hash: await hashPassword(adminPassword),
      role: 'SUPER_ADMIN',
      created_at: at,
    })
    .execute()
  await db
    .insertInto('api_users')
    .values({
      id: 'apiu_UpgradeUser01',
      shop_id: shopId,
      username: apiUser.username,
      password_hash: secretBox.digestCredential(apiUser.password),
      created_by: null,
      created_at: at,
      last_used_at: null,
    })
    .execute()
  await db
    .insertInto('storefront_tokens')
    .values({
      id: 'sft_Upgrade01',
      shop_id: shopId,
      token_hash: tokenHash(storefrontToken),
      token_sealed: secretBox.seal(storefrontToken),
      created_at: at,
      revoked_at: null,
    })
    .execute()
  await db
    .insertInto('products')
    .values({
      id: productId,
      shop_id: shopId,
      name: 'Upgrade Hoodie',
      slug: 'upgrade-hoodie',
      description: '<p>Warm across versions.</p>',
      type: 'STANDARD',
      state: 'AVAILABLE',
      access: 'PUBLIC',
      search_text: 'upgrade hoodie up-hood-m',
      images: json([image]),
      thumbnail_image: json(image),
      additional_information: null,
      size_guide: null,
      digital_files: null,
      created_at: at,
      updated_at: at,
    })
    .execute()
  // A digital product file, its bytes in the row as that release kept them (base64).
  await db
    .insertInto('digital_files')
    .values({
      id: digitalFileId,
      shop_id: shopId,
      product_id: productId,
      position: 0,
      name: 'wallpaper.png',
      media_type: 'image/png',
      size_bytes: digitalFileBytes.length,
      sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      content_base64: digitalFileBytes.toString('base64'),
      created_at: at,
    } as never)
    .execute()
  await db
    .insertInto('variants')
    .values({
      id: variantId,
      product_id: productId,
      shop_id: shopId,
      position: 0,
      name: 'Forest / M',
      sku: 'UP-HOOD-M',
      currency: 'USD',
      unit_price: 4500,
      compare_at_price: 5500,
      unit_cost: 1800,
      creator_declared_cost: null,
      attributes: json(attributes),
      stock_type: 'LIMITED',
      in_stock: 7,
      weight: json(weight),
      dimensions: json(dimensions),
      images: json([image]),
      thumbnail_image: json(image),
      created_at: at,
      updated_at: at,
    })
    .execute()
  await db
    .insertInto('orders')
    .values({
      id: orderId,
      shop_id: shopId,
      friendly_id: 'UPGR4D3X',
      checkout_id: 'ch_Upgrade0000000001',
      promotion_id: null,
      status: 'CONFIRMED',
      email: 'sam.rivera@example.com',
      email_marketing_opt_in: 1,
      username: null,
      message: 'Thanks!',
      currency: 'USD',
      subtotal: 4500,
      shipping: 500,
      tax: 0,
      donation: 0,
      discount: 0,
      total: 5000,
      billing_address: json(address),
      shipping_address: json(address),
      source_type: 'ORDER',
      source_gift_id: null,
      source_gift_purchase_id: null,
      tracking_params: json({ utm_source: 'newsletter' }),
      metadata: json({ campaign: 'autumn' }),
      gift_cards: null,
      created_at: at,
      updated_at: at,
    })
    .execute()
  await db
    .insertInto('order_lines')
    .values({
      id: 'ol_Upgrade01',
      order_id: orderId,
      shop_id: shopId,
      position: 0,
      product_id: productId,
      variant_id: variantId,
      quantity: 1,
      unit_price: 4500,
      unit_cost: 1800,
      compare_at_price: 5500,
      product: json({
        id: productId,
        name: 'Upgrade Hoodie',
        slug: 'upgrade-hoodie',
        description: '<p>Warm across versions.</p>',
        primaryImage: image,
      }),
      variant: json({ name: 'Forest / M', sku: 'UP-HOOD-M', attributes, weight, dimensions }),
    })
    .execute()
  await db
    .insertInto('webhook_configurations')
    .values({
      id: configurationId,
      shop_id: shopId,
      app_id: null,
      url: 'https://hooks.upgrade.example/fanshelf',
      allowed_types: json(['ORDER_PLACED']),
      api_version: 'V1',
      enabled: 1,
      disabled_reason: null,
      failing_since: null,
      created_at: at,
      updated_at: at,
    })
    .execute()
  const envelope = {
    testMode: false,
    id: deliveryId,
    webhookId: configurationId,
    shopId,
    type: 'ORDER_PLACED',
    apiVersion: 'V1',
    createdAt: at,
    data: { id: orderId },
  }
  await db
    .insertInto('events')
    .values({
      id: 'evt_Upgrade01',
      shop_id: shopId,
      type: 'ORDER_PLACED',
      data: json({ id: orderId }),
      test_mode: 0,
      created_at: at,
      dispatched_at: at,
    })
    .execute()
  await db
    .insertInto('webhook_events')
    .values({
      id: deliveryId,
      shop_id: shopId,
      configuration_id: configurationId,
      event_id: 'evt_Upgrade01',
      type: 'ORDER_PLACED',
      test_mode: 0,
      body: json(envelope),
      state: 'DELIVERED',
      attempt_count: 1,
      schedule_base_attempt: 0,
      next_attempt_at: null,
      lease_owner: null,
      lease_until: null,
      last_error: null,
      created_at: at,
      updated_at: at,
    })
    .execute()
  await db
    .insertInto('webhook_attempts')
    .values({
      id: 'watt_Upgrade01',
      webhook_event_id: deliveryId,
      shop_id: shopId,
      attempted_at: at,
      status_code: 200,
      latency_ms: 42,
      error_class: null,
      response_excerpt: 'ok',
    })
    .execute()
}
