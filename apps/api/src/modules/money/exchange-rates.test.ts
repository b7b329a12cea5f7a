import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createExchangeRates, defaultExchangeRates, loadExchangeRates, storefrontCurrencies } from './exchange-rates.js'

describe('exchange rates', () => {
  const rates = createExchangeRates()

  it('has a rate for every storefront currency, USD being 1', () => {
    expect(Object.keys(defaultExchangeRates).sort()).toEqual([...storefrontCurrencies].sort())
    expect(defaultExchangeRates.USD).toBe('1')
  })

  it('converts the contract’s examples: 7.80 EUR is 8.48 USD and 1272 JPY', () => {
    expect(rates.convert(780, 'EUR', 'USD')).toBe(848)
    expect(rates.convert(780, 'EUR', 'JPY')).toBe(1272)
  })

  it('is the identity within one currency', () => {
    for (const currency of storefrontCurrencies) expect(rates.convert(12345, currency, currency)).toBe(12345)
  })

  it('rounds half up to the target’s minor unit (JPY has none)', () => {
    // 1 cent USD = 1.5 yen → 2 yen; 3 cents = 4.5 yen → 5 yen; 1 yen = 0.667 cents → 1 cent.
    expect(rates.convert(1, 'USD', 'JPY')).toBe(2)
    expect(rates.convert(3, 'USD', 'JPY')).toBe(5)
    expect(rates.convert(1, 'JPY', 'USD')).toBe(1)
    // 0.25 EUR = 40.76 yen → 41; 0.01 JPY… 1 yen = 0.0061 EUR → 1 cent.
    expect(rates.convert(25, 'EUR', 'JPY')).toBe(41)
    expect(rates.convert(1, 'JPY', 'EUR')).toBe(1)
    expect(rates.convert(0, 'EUR', 'JPY')).toBe(0)
    // Exact halves: 46 EUR cents = 50 USD cents exactly; 23 EUR cents = 25 USD cents exactly.
    expect(rates.convert(46, 'EUR', 'USD')).toBe(50)
    expect(rates.convert(23, 'EUR', 'USD')).toBe(25)
  })

  it('is exact for large amounts (no binary floating point)', () => {
    // 9,999,999.99 USD × 150 = 1,499,999,998.5 yen: an exact half, rounded up.
    expect(rates.convert(999_999_999, 'USD', 'JPY')).toBe(1_499_999_999)
    expect(rates.convert(92_000_000_000, 'EUR', 'USD')).toBe(100_000_000_000)
  })

  it('takes overrides and refuses bad ones', () => {
    expect(createExchangeRates({ EUR: '0.5' }).convert(100, 'USD', 'EUR')).toBe(50)
    expect(() => createExchangeRates({ BRL: '5' })).toThrow(/unsupported/)
    expect(() => createExchangeRates({ EUR: '0' })).toThrow(/positive/)
    expect(() => createExchangeRates({ EUR: '1.1234567' })).toThrow(/6 decimals/)
    expect(() => createExchangeRates({ USD: '2' })).toThrow(/always 1/)
  })

  it('reads DATA_DIR/exchange-rates.json when present', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-rates-'))
    try {
      expect(loadExchangeRates(dir).rates.EUR).toBe(defaultExchangeRates.EUR)
      fs.writeFileSync(path.join(dir, 'exchange-rates.json'), JSON.stringify({ EUR: '0.9', JPY: '155.5' }))
      const loaded = loadExchangeRates(dir)
      expect(loaded.rates.EUR).toBe('0.9')
      expect(loaded.convert(1000, 'USD', 'JPY')).toBe(1555)
      fs.writeFileSync(path.join(dir, 'exchange-rates.json'), '{"EUR": 0.9}')
      expect(() => loadExchangeRates(dir)).toThrow(/exchange-rates.json/)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
