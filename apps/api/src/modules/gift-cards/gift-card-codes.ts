import { createHash, randomBytes } from 'node:crypto'

/**
 * Gift card codes (decision 0022): 16 characters from 32 unambiguous upper-case letters and digits
 * (80 bits), shown in groups of four — `7K2P-QX4M-…`. A code is entered in any case, with or
 * without the dashes and spaces; it is stored only as the SHA-256 of its normalised form (the
 * lookup key) and its last four characters (for display). No slow hash is needed: 80 random bits
 * cannot be guessed from a leaked digest.
 */

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const codeLength = 16
const groupLength = 4

export function generateGiftCardCode(): string {
  // 256 is a multiple of 32: `byte % 32` is uniform.
  const chars = Array.from(randomBytes(codeLength), (byte) => alphabet[byte % alphabet.length])
  const groups: string[] = []
  for (let i = 0; i < codeLength; i += groupLength) groups.push(chars.slice(i, i + groupLength).join(''))
  return groups.join('-')
}

/** A code as typed by a shopper, in the form that was hashed: upper case, letters and digits only. */
export function normalizeGiftCardCode(entered: string): string {
  return entered.toUpperCase().replace(/[^A-Z0-9]/g, '')
}

export function giftCardCodeHash(entered: string): string {
  return createHash('sha256').update(normalizeGiftCardCode(entered)).digest('hex')
}

export function giftCardCodeLast4(code: string): string {
  return normalizeGiftCardCode(code).slice(-4)
}

/** How an order, a page or the admin shows a code it does not hold in full: `****-****-****-7K2P`. */
export function maskedGiftCardCode(last4: string): string {
  return `****-****-****-${last4}`
}
