import type { Money } from '../api/types.ts'

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '—'
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? dateOnly.format(new Date(iso)) : '—'
}

export function formatMoney(money: Money | null | undefined): string {
  if (!money) return '—'
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: money.currency }).format(money.value)
  } catch {
    return `${money.value} ${money.currency}`
  }
}

/** `PARTIALLY_SHIPPED` → `Partially shipped`. */
export function humanize(value: string): string {
  const words = value
    .replaceAll('_', ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
