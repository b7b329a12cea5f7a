import { type Clock, isoTime, systemClock } from '../../clock.js'
import type { Db } from '../../db/database.js'
import type { DonationsTable } from '../../db/schema.js'
import { DomainError, notFound, type ValidationIssue, validationError } from '../../errors/domain-error.js'
import type { PageSerializers } from '../../http/serialized-json.js'
import { newId } from '../../ids.js'
import { createKeptPages } from '../caching/kept-pages.js'
import { recordEvent } from '../events/event-outbox.js'
import { type Money, toMinor } from '../money/money.js'
import { type PageRequest, toPage } from '../paging/paging.js'
import { toDonationResource } from './donations.mapper.js'
import {
  countDonations,
  findDonation,
  findShopCurrency,
  insertDonation,
  listDonations,
} from './donations.repository.js'

/** A completed donation as the payment side hands it over. */
export interface DonationReceipt {
  email: string
  username?: string | null
  message?: string | null
  /** In the shop's currency, at its minor-unit precision. */
  amount: Money
}

export function createDonationService(db: Db, options: { clock?: Clock; donationPage: PageSerializers }) {
  const clock = options.clock ?? systemClock
  /** Pages kept while the database is unchanged (caching/kept-pages.ts; a few KB each). */
  const keptPages = createKeptPages(db, options.donationPage, { maxEntries: 32 })

  async function listDonationPage(shopId: string, page: PageRequest) {
    const [rows, total] = await Promise.all([listDonations(db, shopId, page), countDonations(db, shopId)])
    return toPage(rows.map(toDonationResource), total, page)
  }

  function assertReceipt(receipt: DonationReceipt, currency: string): number {
    const issues: ValidationIssue[] = []
    if (!/^[^\s@]+@[^\s@]+$/.test(receipt.email)) {
      issues.push({ location: 'body', field: 'email', rule: 'format', message: 'must be an email address' })
    }
    const total = toMinor(receipt.amount.value, currency)
    if (receipt.amount.currency !== currency) {
      issues.push({
        location: 'body',
        field: 'amount/currency',
        rule: 'enum',
        message: `must be ${currency}, the shop's currency`,
      })
    } else if (total === undefined || total <= 0) {
      issues.push({
        location: 'body',
        field: 'amount/value',
        rule: 'minimum',
        message: `must be a positive amount at the precision of ${currency}`,
      })
    }
    if (issues.length > 0 || total === undefined) throw validationError(issues)
    return total
  }

  return {
    listDonations: listDonationPage,

    /** `listDonations` as the wire answer, kept while the database is unchanged (decision 0048). */
    listDonationsJson: (shopId: string, page: PageRequest) =>
      keptPages([shopId, page.offset, page.size, page.page], () => listDonationPage(shopId, page)),

    async getDonation(shopId: string, donationId: string) {
      const donation = await findDonation(db, shopId, donationId)
      if (!donation) throw notFound('DONATION_NOT_FOUND', `Donation ${donationId} does not exist.`, { donationId })
      return toDonationResource(donation)
    },

    /**
     * A paid donation: written COMPLETED and recorded as DONATION (`data` = the donation) in one
     * transaction. Used by `fanshelf trigger DONATION`; no payment provider exists locally.
     */
    async receiveDonation(shopId: string, receipt: DonationReceipt) {
      return db.transaction().execute(async (trx) => {
        const shop = await findShopCurrency(trx, shopId)
        if (!shop) throw new DomainError('SHOP_NOT_FOUND', `Shop ${shopId} does not exist.`, { shopId })
        const total = assertReceipt(receipt, shop.currency)
        const now = clock.now()
        const donation: DonationsTable = {
          id: newId('donation'),
          shop_id: shopId,
          status: 'COMPLETED',
          email: receipt.email,
          username: receipt.username ?? null,
          message: receipt.message ?? null,
          currency: shop.currency,
          total,
          created_at: isoTime(now),
          updated_at: isoTime(now),
        }
        await insertDonation(trx, donation)
        const resource = toDonationResource(donation)
        await recordEvent(trx, { shopId, type: 'DONATION', data: resource }, now)
        return resource
      })
    },
  }
}

export type DonationService = ReturnType<typeof createDonationService>
