import type { Executor } from '../../db/database.js'
import type { ValidationIssue } from '../../errors/domain-error.js'
import { isStorefrontCurrency, type StorefrontCurrency, storefrontCurrencies } from '../money/exchange-rates.js'
import { isHostTaken } from './shops.repository.js'

/**
 * The rules of a shop's own fields, shared by `fanshelf shop create` (decision 0035) and the
 * settings a super-admin edits in the admin (decision 0037): each check adds a 400 issue naming
 * the field and its rule, and answers the normalised value.
 */

/** A host name: lower-case labels of letters, digits and inner hyphens, at least two, at most 253 characters. */
export const shopDomainPattern =
  /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/
export const maxShopNameLength = 200

export function checkShopName(field: string, value: string, issues: ValidationIssue[]): string {
  const name = value.trim()
  if (name === '' || name.length > maxShopNameLength) {
    issues.push({
      location: 'body',
      field,
      rule: 'length',
      message: `${field} must be 1 to ${maxShopNameLength} characters`,
    })
  }
  return name
}

/**
 * A shop's host name (`domain` or `publicDomain`): well formed, and no other shop's domain or
 * public domain (`exceptShopId`: the shop being edited may keep its own).
 */
export async function checkShopDomain(
  db: Executor,
  field: string,
  value: string,
  issues: ValidationIssue[],
  exceptShopId?: string,
): Promise<string> {
  const domain = value.trim().toLowerCase()
  if (!shopDomainPattern.test(domain)) {
    issues.push({
      location: 'body',
      field,
      rule: 'format',
      message: `${field} must be a host name such as shop.example.com (letters, digits, hyphens, dots)`,
    })
  } else if (await isHostTaken(db, domain, exceptShopId)) {
    issues.push({ location: 'body', field, rule: 'unique', message: `${domain} is already a shop's domain` })
  }
  return domain
}

export function checkShopCurrency(field: string, value: string, issues: ValidationIssue[]): StorefrontCurrency {
  const currency = value.trim().toUpperCase()
  if (!isStorefrontCurrency(currency)) {
    issues.push({
      location: 'body',
      field,
      rule: 'enum',
      message: `${field} must be one of ${storefrontCurrencies.join(', ')}`,
    })
  }
  return currency as StorefrontCurrency
}
