import { currencies } from '../currencies'
import { useStore } from '../store'

export function CurrencySwitcher() {
  const { currency, setCurrency } = useStore()
  return (
    <label className="currency-switcher">
      <span>Currency</span>
      <select
        value={currency ?? ''}
        disabled={!currency}
        onChange={(event) => setCurrency(event.target.value as (typeof currencies)[number])}
      >
        {currencies.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </label>
  )
}
