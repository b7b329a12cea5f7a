import type { Db } from '../../db/database.js'
import type { VariantsTable } from '../../db/schema.js'
import { notFound } from '../../http/errors.js'
import { type PageRequest, toPage } from '../paging/paging.js'
import { toProductResource, toStockRecordResource } from './products.mapper.js'
import {
  countLimitedVariants,
  countProducts,
  findProduct,
  listLimitedVariants,
  listProducts,
  listVariants,
} from './products.repository.js'

export function createProductService(db: Db) {
  async function withVariants<T extends { id: string }>(shopId: string, products: T[]) {
    const variants = await listVariants(
      db,
      shopId,
      products.map((p) => p.id),
    )
    const byProduct = new Map<string, VariantsTable[]>()
    for (const variant of variants) {
      const list = byProduct.get(variant.product_id)
      if (list) list.push(variant)
      else byProduct.set(variant.product_id, [variant])
    }
    return (product: T) => byProduct.get(product.id) ?? []
  }

  async function getProductRow(shopId: string, productId: string) {
    const product = await findProduct(db, shopId, productId)
    if (!product) throw notFound('PRODUCT_NOT_FOUND', `Product ${productId} does not exist.`, { productId })
    return product
  }

  return {
    async listProducts(shopId: string, search: string | undefined, page: PageRequest) {
      const [rows, total] = await Promise.all([
        listProducts(db, shopId, search, page),
        countProducts(db, shopId, search),
      ])
      const variantsOf = await withVariants(shopId, rows)
      return toPage(
        rows.map((row) => toProductResource(row, variantsOf(row))),
        total,
        page,
      )
    },

    async getProduct(shopId: string, productId: string) {
      const product = await getProductRow(shopId, productId)
      return toProductResource(product, await listVariants(db, shopId, [product.id]))
    },

    async listProductInventory(shopId: string, productId: string, page: PageRequest) {
      await getProductRow(shopId, productId)
      const [variants, total] = await Promise.all([
        listLimitedVariants(db, shopId, productId, page),
        countLimitedVariants(db, shopId, productId),
      ])
      return toPage(variants.map(toStockRecordResource), total, page)
    },
  }
}

export type ProductService = ReturnType<typeof createProductService>
