import { DomainError } from '../../errors/domain-error.js'

export function shopCurrencyLocked(currency: string, kinds: string[]): DomainError {
  return new DomainError(
    'SHOP_CURRENCY_LOCKED',
    `The shop's currency stays ${currency}: it already has ${kinds.join(', ')} priced in it. The currency can change only before anything is priced.`,
    { field: 'currency', currency, pricedRecords: kinds },
  )
}
