import { designSystemCss } from '@fanshelf/ui'

/**
 * The stylesheet of the checkout, gift and confirmation pages: the design system's tokens and
 * components (`@fanshelf/ui`, decision 0052), then the checkout's own layout — mobile first (one
 * column; two from 900 px), visible focus, light and dark from the tokens. `--accent` is the brand
 * colour unless the shop has its own (a second stylesheet sets it, decision 0037). Inlined in each
 * page and allowed by its hash in the Content-Security-Policy.
 */
export const checkoutStylesheet = `${designSystemCss}
:root { --accent: var(--fs-color-brand); --accent-fg: var(--fs-color-on-brand); }
.skip { position: absolute; left: -999px; top: 0; background: var(--fs-color-surface); padding: 8px 12px; }
.skip:focus { left: 8px; z-index: 1; }
header.brand { display: flex; align-items: center; gap: var(--fs-space-2); flex-wrap: wrap; padding: 12px 16px; font-weight: 700; background: var(--fs-color-surface); border-bottom: 1px solid var(--fs-color-line); }
header.brand span { font-weight: 400; color: var(--fs-color-ink-soft); }
main { max-width: 72rem; margin: 0 auto; padding: 16px; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: 8px 0 16px; }
h2 { font-size: 1.2rem; margin: 0 0 12px; }
p { margin: 0 0 12px; }
a { color: var(--accent); }
.muted { color: var(--fs-color-ink-soft); }
.columns { display: flex; flex-direction: column; gap: 16px; }
@media (min-width: 900px) { .columns { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); align-items: start; gap: 24px; }
  .details { grid-column: 1; grid-row: 1; }
  .summary { grid-column: 2; grid-row: 1; position: sticky; top: 16px; } }
fieldset, .summary, .card { background: var(--fs-color-surface); border: 1px solid var(--fs-color-line); border-radius: 12px; padding: 16px; margin: 0 0 16px; min-width: 0; }
legend { font-weight: 700; font-size: 1.1rem; padding: 0 4px; }
fieldset[hidden] { display: none; }
.field { margin: 0 0 12px; }
.field label { display: block; font-weight: 600; margin: 0 0 4px; }
.optional { font-weight: 400; color: var(--fs-color-ink-soft); }
input[type=text], input[type=email], input[type=tel], select { width: 100%; min-height: 44px; padding: 8px 12px; font: inherit; color: inherit;
  background: var(--fs-color-canvas); border: 1px solid var(--fs-color-line); border-radius: 8px; }
.has-error input, .has-error select { border-color: var(--fs-color-danger); }
.messages { display: block; }
.hint { display: block; font-size: .9rem; color: var(--fs-color-ink-soft); }
.field-error { display: block; font-size: .95rem; color: var(--fs-color-danger); font-weight: 600; }
.row { display: grid; gap: 0 12px; grid-template-columns: 1fr; }
@media (min-width: 520px) { .row { grid-template-columns: 1fr 1fr; } }
.checkbox, .radio { display: flex; gap: 10px; align-items: center; margin: 0 0 12px; min-height: 44px; }
.checkbox input, .radio input { width: 22px; height: 22px; margin: 0; flex: none; }
button { font: inherit; font-weight: 700; min-height: 44px; padding: 10px 20px; border-radius: 8px; border: 2px solid var(--accent); cursor: pointer; }
button.primary { background: var(--accent); color: var(--accent-fg); }
button.secondary { background: transparent; color: var(--accent); }
button[disabled] { opacity: .7; cursor: progress; }
button.pay { width: 100%; font-size: 1.1rem; margin: 4px 0 24px; }
.alert { padding: 12px 16px; border: 2px solid var(--fs-color-danger); color: var(--fs-color-danger); background: var(--fs-color-surface); border-radius: 8px; margin: 0 0 16px; }
.alert.empty { display: none; }
.alert ul { margin: 0; padding-left: 1.25rem; }
.alert a { color: var(--fs-color-danger); }
.lines { list-style: none; margin: 0 0 12px; padding: 0; }
.line { display: flex; gap: 12px; align-items: center; padding: 8px 0; border-bottom: 1px solid var(--fs-color-line); }
.line img, .noimg { width: 56px; height: 56px; border-radius: 8px; background: var(--fs-color-canvas); flex: none; object-fit: cover; }
.line-text { flex: 1; min-width: 0; display: flex; flex-direction: column; }
.line-name { font-weight: 600; overflow-wrap: anywhere; }
.line-total { font-variant-numeric: tabular-nums; white-space: nowrap; }
.promo { display: flex; gap: 8px; align-items: flex-end; }
.promo .field { flex: 1; }
.promo button { margin-bottom: 12px; }
.applied { color: var(--fs-color-success); font-weight: 600; min-height: 1.5em; }
.totals { display: grid; grid-template-columns: 1fr auto; gap: 4px 0; margin: 0; }
.totals dd { margin: 0; padding-left: 12px; text-align: right; font-variant-numeric: tabular-nums; }
.totals .total { font-weight: 800; font-size: 1.2rem; border-top: 1px solid var(--fs-color-line); padding-top: 8px; }
.gift-product { display: flex; gap: 12px; align-items: center; }
.gift-product img { border-radius: 8px; }
.confirmation .friendly { font-size: 1.6rem; font-weight: 800; letter-spacing: .08em; }
.message { max-width: 36rem; }
`
