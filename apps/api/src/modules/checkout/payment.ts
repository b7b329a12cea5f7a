/**
 * The simulated card payment of the hosted checkout (decision 0008). No payment provider exists
 * locally, so authorisation is a table of test card numbers, as payment providers' test modes
 * have: any other (well-formed) number is declined, so no real card number is ever accepted.
 */

export type CardOutcome = { approved: true } | { approved: false; declineCode: string; message: string }

export const testCards: Readonly<Record<string, CardOutcome>> = {
  '4242424242424242': { approved: true },
  '4000000000000002': { approved: false, declineCode: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': {
    approved: false,
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
}

export const approvedTestCard = '4242 4242 4242 4242'
export const declinedTestCard = '4000 0000 0000 0002'

export interface CardInput {
  number: string
  /** `MM/YY` or `MM/YYYY`. */
  expiry: string
  cvc: string
}

export interface CardProblem {
  field: 'card.number' | 'card.expiry' | 'card.cvc'
  message: string
}

export function normalizeCardNumber(number: string): string {
  return number.replace(/[\s-]/g, '')
}

function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** Format problems of a card (number, expiry in the future, CVC), checked before any authorisation. */
export function cardProblems(card: CardInput, now: number): CardProblem[] {
  const problems: CardProblem[] = []
  const digits = normalizeCardNumber(card.number)
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    problems.push({ field: 'card.number', message: 'Enter a valid card number.' })
  }
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry)
  if (!expiry) {
    problems.push({ field: 'card.expiry', message: 'Enter the expiry date as MM/YY.' })
  } else {
    const month = Number(expiry[1])
    const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2])
    const today = new Date(now)
    const expired =
      year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)
    if (month < 1 || month > 12) problems.push({ field: 'card.expiry', message: 'Enter the expiry date as MM/YY.' })
    else if (expired) problems.push({ field: 'card.expiry', message: 'This card has expired.' })
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim()))
    problems.push({ field: 'card.cvc', message: 'Enter the 3 or 4 digit security code.' })
  return problems
}

/** Authorises a well-formed card for an amount: only the test cards are known. */
export function authorizeCard(card: CardInput): CardOutcome {
  return (
    testCards[normalizeCardNumber(card.number)] ?? {
      approved: false,
      declineCode: 'test_card_required',
      message: `This checkout takes test cards only: use ${approvedTestCard}.`,
    }
  )
}
