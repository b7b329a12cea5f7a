import type { Db } from '../../db/database.js'
import type { PromotionCodesTable } from '../../db/schema.js'
import { notFound } from '../../http/errors.js'
import { type PageRequest, toPage } from '../paging/paging.js'
import { toPromotionResource } from './promotions.mapper.js'
import { countPromotions, findPromotion, listPromotionCodes, listPromotions } from './promotions.repository.js'

export function createPromotionService(db: Db) {
  async function withCodes<T extends { id: string }>(shopId: string, promotions: T[]) {
    const codes = await listPromotionCodes(
      db,
      shopId,
      promotions.map((p) => p.id),
    )
    const byPromotion = new Map<string, PromotionCodesTable[]>()
    for (const code of codes) {
      const list = byPromotion.get(code.promotion_id)
      if (list) list.push(code)
      else byPromotion.set(code.promotion_id, [code])
    }
    return (promotion: T) => byPromotion.get(promotion.id) ?? []
  }

  return {
    async listPromotions(shopId: string, page: PageRequest) {
      const [rows, total] = await Promise.all([listPromotions(db, shopId, page), countPromotions(db, shopId)])
      const codesOf = await withCodes(shopId, rows)
      return toPage(
        rows.map((row) => toPromotionResource(row, codesOf(row))),
        total,
        page,
      )
    },

    async getPromotion(shopId: string, promotionId: string) {
      const promotion = await findPromotion(db, shopId, promotionId)
      if (!promotion) throw notFound('PROMOTION_NOT_FOUND', `Promotion ${promotionId} does not exist.`, { promotionId })
      return toPromotionResource(promotion, await listPromotionCodes(db, shopId, [promotion.id]))
    },
  }
}

export type PromotionService = ReturnType<typeof createPromotionService>
