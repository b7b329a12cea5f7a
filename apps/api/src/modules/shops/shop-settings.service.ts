import { type Clock, isoTime } from '../../clock.js'
import type { Db, Dialect } from '../../db/database.js'
import type { ShopsTable } from '../../db/schema.js'
import { DomainError, type ValidationIssue, validationError } from '../../errors/domain-error.js'
import type { AuditRecorder } from '../admin/admin-audit-log.service.js'
import { emailPattern, maxEmailLength } from '../people/people-policy.js'
import { checkShopCurrency, checkShopDomain, checkShopName } from './shop-fields.js'
import { shopCurrencyLocked } from './shop-settings.errors.js'
import { contactOf, type ShopContact } from './shop-settings.mapper.js'
import {
  findShop,
  findShopForUpdate,
  lockShopHosts,
  pricedRecordKinds,
  type ShopSettingsRow,
  updateShopSettings,
} from './shops.repository.js'

/**
 * A shop's settings as its super-admin edits them in the admin (decision 0037): name, domains,
 * currency, contact details and the checkout's accent colour. One transaction checks every field
 * (a domain no other shop uses, a currency nothing is priced in yet), writes the row and the audit
 * entry naming the changed settings — or, on any refusal, writes nothing.
 */

export interface ShopSettingsInput {
  name: string
  domain: string
  publicDomain: string | null
  currency: string
  contact: ShopContact
  branding: { accentColor: string | null }
}

export interface ShopSettings {
  shop: ShopsTable
  /** False once anything of the shop is priced in its currency. */
  currencyChangeable: boolean
}

const accentColorPattern = /^#[0-9a-f]{6}$/
/** Digits, spaces and `+ ( ) . -` (admin-api.yaml `AdminShopContact.phone`). */
const phonePattern = /^\+?[0-9 ().-]{3,40}$/

function shopNotFound(shopId: string): DomainError {
  return new DomainError('SHOP_NOT_FOUND', `Shop ${shopId} does not exist.`, { shopId })
}

function checkEmail(field: string, value: string, issues: ValidationIssue[]): string {
  const email = value.trim()
  if (email.length > maxEmailLength || !emailPattern.test(email)) {
    issues.push({ location: 'body', field, rule: 'format', message: `${field} must be an email address` })
  }
  return email
}

function checkOptional<T>(value: T | null, check: (value: T) => T): T | null {
  return value === null ? null : check(value)
}

/** The settings' names (as the contract spells them) whose values differ. */
function changedFields(before: ShopsTable, after: ShopSettingsRow): string[] {
  const was = contactOf(before)
  const is = JSON.parse(after.contact_info) as ShopContact
  const pairs: [string, unknown, unknown][] = [
    ['name', before.name, after.name],
    ['domain', before.domain, after.domain],
    ['publicDomain', before.public_domain || null, after.public_domain || null],
    ['currency', before.currency, after.currency],
    ['contact.shopEmail', was.shopEmail, is.shopEmail],
    ['contact.contactEmail', was.contactEmail, is.contactEmail],
    ['contact.transactionalEmail', was.transactionalEmail, is.transactionalEmail],
    ['contact.customerSupportEmail', was.customerSupportEmail, is.customerSupportEmail],
    ['contact.phone', was.phone, is.phone],
    ['branding.accentColor', before.accent_color ?? null, after.accent_color ?? null],
  ]
  return pairs.filter(([, a, b]) => a !== b).map(([name]) => name)
}

export function createShopSettingsService(db: Db, deps: { clock: Clock; dialect: Dialect }) {
  const { clock, dialect } = deps

  return {
    async get(shopId: string): Promise<ShopSettings> {
      const shop = await findShop(db, shopId)
      if (!shop) throw shopNotFound(shopId)
      return { shop, currencyChangeable: (await pricedRecordKinds(db, shopId)).length === 0 }
    },

    /**
     * Replaces the settings. 400 naming every bad field (a domain another shop has: rule
     * `unique`); 409 SHOP_CURRENCY_LOCKED for another currency once something is priced in the
     * current one. Unchanged settings write nothing and record nothing.
     */
    async update(shopId: string, input: ShopSettingsInput, audit: AuditRecorder): Promise<ShopSettings> {
      const issues: ValidationIssue[] = []
      const name = checkShopName('name', input.name, issues)
      const currency = checkShopCurrency('currency', input.currency, issues)
      const contact: ShopContact = {
        shopEmail: checkEmail('contact/shopEmail', input.contact.shopEmail, issues),
        contactEmail: checkEmail('contact/contactEmail', input.contact.contactEmail, issues),
        transactionalEmail: checkEmail('contact/transactionalEmail', input.contact.transactionalEmail, issues),
        customerSupportEmail: checkOptional(input.contact.customerSupportEmail, (email) =>
          checkEmail('contact/customerSupportEmail', email, issues),
        ),
        phone: checkOptional(input.contact.phone, (phone) => {
          const trimmed = phone.trim()
          if (!phonePattern.test(trimmed)) {
            issues.push({
              location: 'body',
              field: 'contact/phone',
              rule: 'pattern',
              message: 'contact/phone may hold only digits, spaces and + ( ) . - (3 to 40 characters)',
            })
          }
          return trimmed
        }),
      }
      const accentColor = checkOptional(input.branding.accentColor, (color) => {
        const lower = color.trim().toLowerCase()
        if (!accentColorPattern.test(lower)) {
          issues.push({
            location: 'body',
            field: 'branding/accentColor',
            rule: 'pattern',
            message: 'branding/accentColor must be a colour as #rrggbb, e.g. #2f6f4e',
          })
        }
        return lower
      })

      return db.transaction().execute(async (trx) => {
        await lockShopHosts(trx, dialect)
        const shop = await findShopForUpdate(trx, shopId, dialect)
        if (!shop) throw shopNotFound(shopId)
        const domain = await checkShopDomain(trx, 'domain', input.domain, issues, shopId)
        const publicDomain = await (input.publicDomain === null
          ? null
          : checkShopDomain(trx, 'publicDomain', input.publicDomain, issues, shopId))
        if (issues.length > 0) throw validationError(issues)

        const priced = await pricedRecordKinds(trx, shopId)
        if (currency !== shop.currency && priced.length > 0) throw shopCurrencyLocked(shop.currency, priced)

        const row: ShopSettingsRow = {
          name,
          domain,
          public_domain: publicDomain ?? '',
          currency,
          // The open API's contact info names the shop and its domain too: they follow the settings.
          contact_info: JSON.stringify({ ...JSON.parse(shop.contact_info), ...contact, shopName: name, domain }),
          accent_color: accentColor,
          updated_at: isoTime(clock.now()),
        }
        const changed = changedFields(shop, row)
        if (changed.length === 0) return { shop, currencyChangeable: priced.length === 0 }
        await updateShopSettings(trx, shopId, row)
        await audit(shopId, trx, changed)
        return { shop: { ...shop, ...row }, currencyChangeable: priced.length === 0 }
      })
    },
  }
}

export type ShopSettingsService = ReturnType<typeof createShopSettingsService>
