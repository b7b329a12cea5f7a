import { designSystemCss } from '@fanshelf/ui'

/**
 * The stylesheet of the checkout, gift and confirmation pages: the design system's tokens and
 * components (`@fanshelf/ui`, decision 0052: buttons, fields, selects, checkboxes and radios are its
 * `fs-` components), then the checkout's own layout — mobile first (one column; two from 900 px),
 * visible focus, light and dark from the tokens. `--accent` is the brand colour unless the shop has
 * its own (a second stylesheet sets it, decision 0037); buttons and choices take it as their brand
 * colour. Inlined in each page and allowed by its hash in the Content-Security-Policy.
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
.optional { font-weight: 400; color: var(--fs-color-ink-soft); }
.row { display: grid; gap: 0 12px; grid-template-columns: 1fr; align-items: start; }
@media (min-width: 520px) { .row { grid-template-columns: 1fr 1fr; } }
.fs-button, .fs-choice__input { --fs-color-brand: var(--accent); --fs-color-brand-strong: var(--accent);
  --fs-color-brand-tint: var(--fs-color-surface); --fs-color-on-brand: var(--accent-fg); }
.pay { font-size: 1.1rem; margin: 4px 0 24px; }
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
.promo .fs-field { flex: 1; }
.promo .fs-button { margin-bottom: var(--fs-space-3); }
.applied { color: var(--fs-color-success); font-weight: 600; min-height: 1.5em; }
.totals { display: grid; grid-template-columns: 1fr auto; gap: 4px 0; margin: 0; }
.totals dd { margin: 0; padding-left: 12px; text-align: right; font-variant-numeric: tabular-nums; }
.totals .total { font-weight: 800; font-size: 1.2rem; border-top: 1px solid var(--fs-color-line); padding-top: 8px; }
.gift-product { display: flex; gap: 12px; align-items: center; }
.gift-product img { border-radius: 8px; }
.confirmation .friendly { font-size: 1.6rem; font-weight: 800; letter-spacing: .08em; }
.message { max-width: 36rem; }
`
