import { type Clock, isoTime } from '../../clock.js'
import type { Db, Dialect, Executor } from '../../db/database.js'
import type { PromotionCodesTable, PromotionsTable } from '../../db/schema.js'
import type { PageSerializers, SerializedJson } from '../../http/serialized-json.js'
import { newId } from '../../ids.js'
import { createStampedCache } from '../caching/stamped-cache.js'
import { recordEvent } from '../events/event-outbox.js'
import { type PageRequest, toPage } from '../paging/paging.js'
import { normalisePromotion, type PromotionCreateRequest } from './promotion-input.js'
import {
  codeStatus,
  isExhausted,
  isPromotionStatus,
  nextPromotionStatus,
  type PromotionStatusAction,
  promotionChangeEvents,
  settleUsage,
} from './promotion-status.js'
import { isPromotionExhausted, maximumUsesOf, type PromotionUse, recordPromotionUse } from './promotion-usage.js'
import {
  promotionCodeDuplication,
  promotionCodesDuplication,
  promotionCurrencyMismatch,
  promotionNotFound,
  promotionProductNotFound,
  promotionStatusTransitionNotAllowed,
  promotionTierNotFound,
} from './promotions.errors.js'
import { toPromotionResource } from './promotions.mapper.js'
import {
  countPromotions,
  findPromotion,
  findPromotionForUpdate,
  findShopCurrency,
  findShopProductIds,
  findShopTierIds,
  findShopVariantIds,
  findTakenCodeKeys,
  insertPromotion,
  listPromotionCodes,
  listPromotions,
  updatePromotion,
  updatePromotionCode,
} from './promotions.repository.js'

export interface PromotionServiceOptions {
  clock: Clock
  dialect: Dialect
  /** The `listPromotions` answer's serializers (http/serialized-json.ts `pageSerializers`). */
  promotionPage: PageSerializers
}

/** Serialized `listPromotions` pages kept while the database is unchanged (~10 KB each at size 20). */
const keptPromotionPages = 32

/** The creator's status actions (the admin); `useUp` is checkout's, through recordUse. */
export type PromotionAdminAction = Exclude<PromotionStatusAction, 'useUp'>

const json = (value: unknown) => (value === null ? null : JSON.stringify(value))

/** Codes of one request that are the same ignoring case, as sent (each group in request order). */
function caseInsensitiveDuplicates(codes: string[]): string[] {
  const byKey = new Map<string, string[]>()
  for (const code of codes) byKey.set(code.toUpperCase(), [...(byKey.get(code.toUpperCase()) ?? []), code])
  return [...byKey.values()].filter((group) => group.length > 1).flat()
}

/**
 * The `codes` query parameter as upper-cased keys: repeated parameters and comma-separated lists
 * alike (the platform's clients send either), blanks dropped.
 */
function codeKeysOf(codes: string[]): string[] {
  const keys = codes.flatMap((entry) => entry.split(',')).map((code) => code.trim().toUpperCase())
  return [...new Set(keys.filter((key) => key !== ''))]
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}

export function createPromotionService(db: Db, options: PromotionServiceOptions) {
  const { clock, dialect, promotionPage } = options
  const promotionPages = createStampedCache<SerializedJson>(db, { maxEntries: keptPromotionPages })

  /**
   * A page of the shop's promotions, newest first; with `codes`, only those owning one of the
   * codes (ignoring case). Each item is exactly what getPromotion answers for it.
   */
  async function promotionRows(shopId: string, page: PageRequest, codes?: string[]) {
    const filter = codes === undefined ? undefined : { codeKeys: codeKeysOf(codes) }
    const [rows, total] = await Promise.all([
      listPromotions(db, shopId, page, filter),
      countPromotions(db, shopId, filter),
    ])
    return { rows, total, codesOf: await withCodes(shopId, rows) }
  }

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

  /** 409 PROMOTION_CODE_DUPLICATION naming the first code (in request order) the shop already uses. */
  async function assertCodesFree(executor: Executor, shopId: string, codes: string[]) {
    const taken = await findTakenCodeKeys(
      executor,
      shopId,
      codes.map((c) => c.toUpperCase()),
    )
    const first = codes.find((code) => taken.has(code.toUpperCase()))
    if (first !== undefined) throw promotionCodeDuplication(first)
  }

  /** The rules that depend on the shop: currency, referenced products, variants and tiers, codes. */
  async function assertFitsShop(trx: Executor, shopId: string, promotion: ReturnType<typeof normalisePromotion>) {
    const shopCurrency = await findShopCurrency(trx, shopId)
    const foreign = promotion.amounts.find((a) => a.money.currency !== shopCurrency)
    if (foreign) throw promotionCurrencyMismatch(foreign.field, foreign.money.currency, shopCurrency)
    const products = await findShopProductIds(
      trx,
      shopId,
      promotion.products.map((p) => p.id),
    )
    const missingProduct = promotion.products.find((p) => !products.has(p.id))
    if (missingProduct) throw promotionProductNotFound(missingProduct.field, { productId: missingProduct.id })
    const variants = await findShopVariantIds(
      trx,
      shopId,
      promotion.variants.map((v) => v.id),
    )
    const missingVariant = promotion.variants.find((v) => !variants.has(v.id))
    if (missingVariant) throw promotionProductNotFound(missingVariant.field, { variantId: missingVariant.id })
    const tiers = await findShopTierIds(trx, shopId, promotion.tierIds)
    const missingTier = promotion.tierIds.find((id) => !tiers.has(id))
    if (missingTier) throw promotionTierNotFound(missingTier)
    await assertCodesFree(trx, shopId, promotion.codes)
  }

  return {
    /**
     * A page of the shop's promotions, newest first; with `codes`, only those owning one of the
     * codes (ignoring case). Each item is exactly what getPromotion answers for it.
     */
    async listPromotions(shopId: string, page: PageRequest, codes?: string[]) {
      const { rows, total, codesOf } = await promotionRows(shopId, page, codes)
      return toPage(
        rows.map((row) => toPromotionResource(row, codesOf(row))),
        total,
        page,
      )
    },

    /**
     * `listPromotions` as the wire answer (decision 0048), kept while the database is unchanged:
     * serializing a promotion runs Ajv to pick its `discount`'s `oneOf` branch, the bulk of a page.
     */
    listPromotionsJson(shopId: string, page: PageRequest, codes?: string[]): Promise<SerializedJson> {
      return promotionPages.get(JSON.stringify([shopId, page.offset, page.size, page.page, codes]), async () => {
        const { rows, total, codesOf } = await promotionRows(shopId, page, codes)
        const { results: _, ...meta } = toPage([], total, page)
        return promotionPage.page(
          meta,
          rows.map((row) => promotionPage.item(toPromotionResource(row, codesOf(row)))),
        )
      })
    },

    async getPromotion(shopId: string, promotionId: string) {
      const promotion = await findPromotion(db, shopId, promotionId)
      if (!promotion) throw promotionNotFound(promotionId)
      return toPromotionResource(promotion, await listPromotionCodes(db, shopId, [promotion.id]))
    },

    /**
     * `POST /promotions`: a Live promotion with its codes, recorded as PROMOTION_CREATED. Codes are
     * unique in the shop ignoring case (409 PROMOTION_CODE_DUPLICATION; the same code twice in one
     * request: 409 PROMOTION_CODES_DUPLICATION); the unique index on (shop, code) settles races.
     */
    async createPromotion(shopId: string, request: PromotionCreateRequest) {
      const promotion = normalisePromotion(request)
      const duplicates = caseInsensitiveDuplicates(promotion.codes)
      if (duplicates.length > 0) throw promotionCodesDuplication(duplicates)
      try {
        return await db.transaction().execute(async (trx) => {
          await assertFitsShop(trx, shopId, promotion)
          const now = clock.now()
          const at = isoTime(now)
          const row: PromotionsTable = {
            id: newId('promotion'),
            shop_id: shopId,
            type: promotion.type,
            title: promotion.title,
            status: 'Live',
            discount: JSON.stringify(promotion.discount),
            requirements: json(promotion.requirements),
            limits: json(promotion.limits),
            applies_to: json(promotion.appliesTo),
            subscription_type: json(promotion.subscriptionType),
            tiers: json(promotion.tiers),
            usage_count: 0,
            created_at: at,
            updated_at: at,
          }
          const codes: PromotionCodesTable[] = promotion.codes.map((code, position) => ({
            id: newId('promotionCode'),
            promotion_id: row.id,
            shop_id: shopId,
            code,
            code_key: code.toUpperCase(),
            usage_count: 0,
            status: 'Live',
            position,
            created_at: at,
          }))
          await insertPromotion(trx, row, codes)
          const resource = toPromotionResource(row, codes)
          await recordEvent(trx, { shopId, type: promotionChangeEvents.created, data: resource }, now)
          return resource
        })
      } catch (error) {
        // A concurrent request took a code between the check and the insert: name it.
        if (isUniqueViolation(error)) await assertCodesFree(db, shopId, promotion.codes)
        throw error
      }
    },

    /**
     * The creator ends, resumes or archives a promotion (the admin), by the status table (409
     * PROMOTION_STATUS_TRANSITION_NOT_ALLOWED otherwise); records PROMOTION_STATUS_CHANGED. A
     * resumed promotion whose uses are exhausted comes back AllUsed.
     */
    async changePromotionStatus(shopId: string, promotionId: string, action: PromotionAdminAction) {
      return db.transaction().execute(async (trx) => {
        const promotion = await findPromotionForUpdate(trx, shopId, promotionId, dialect)
        if (!promotion) throw promotionNotFound(promotionId)
        const next = nextPromotionStatus(promotion.status, action)
        if (!next || !isPromotionStatus(promotion.status)) {
          throw promotionStatusTransitionNotAllowed(promotion.id, promotion.status, action)
        }
        const codes = await listPromotionCodes(trx, shopId, [promotion.id])
        const status = settleUsage(next, isPromotionExhausted(promotion, codes))
        const now = clock.now()
        const updated: PromotionsTable = { ...promotion, status, updated_at: isoTime(now) }
        if (!(await updatePromotion(trx, promotion.id, promotion.status, updated))) {
          throw new Error(`Promotion ${promotion.id} changed while its status was being changed`)
        }
        const maximum = maximumUsesOf(promotion)
        const multi = promotion.type === 'SHOP_MULTI' || promotion.type === 'MEMBERSHIPS_MULTI'
        const settled = codes.map((code) => ({
          ...code,
          status: codeStatus(status, multi && isExhausted(code.usage_count, maximum)),
        }))
        for (const code of settled) {
          await updatePromotionCode(trx, code.id, { status: code.status, usage_count: code.usage_count })
        }
        const resource = toPromotionResource(updated, settled)
        await recordEvent(trx, { shopId, type: promotionChangeEvents.statusChanged, data: resource }, now)
        return resource
      })
    },

    /**
     * Counts one use (checkout): see recordPromotionUse. Runs in the caller's transaction when
     * given one — checkout passes the order's, so the order and the use commit together.
     */
    async recordUse(use: Omit<PromotionUse, 'now' | 'dialect'>, executor?: Executor) {
      const run = (trx: Executor) => recordPromotionUse(trx, { ...use, now: clock.now(), dialect })
      return executor ? run(executor) : db.transaction().execute(run)
    },
  }
}

export type PromotionService = ReturnType<typeof createPromotionService>
