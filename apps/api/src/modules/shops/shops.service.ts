import type { Db } from '../../db/database.js'
import { DomainError } from '../../errors/domain-error.js'
import type { SecretBox } from '../../security/secret-box.js'
import { findShop, findShopByDomain, listShops } from './shops.repository.js'

export function createShopService(db: Db, secretBox: SecretBox) {
  async function getShop(shopId: string) {
    const shop = await findShop(db, shopId)
    if (!shop) throw new DomainError('SHOP_NOT_FOUND', `Shop ${shopId} does not exist.`, { shopId })
    return shop
  }
  return {
    getShop,
    findShopByDomain: (domain: string) => findShopByDomain(db, domain),
    listShops: () => listShops(db),
    /** The shop's current webhook signing secret (plaintext, for signing and for its owner). */
    async getWebhookSecret(shopId: string): Promise<string> {
      return secretBox.open((await getShop(shopId)).webhook_secret)
    },
  }
}

export type ShopService = ReturnType<typeof createShopService>
