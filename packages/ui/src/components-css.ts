/**
 * The components' stylesheet (classes prefixed `fs-`), on the tokens' custom properties only. A
 * string, so the Vite admin imports it as a CSS module (a virtual file: its CSP allows no inline
 * style) and the server-rendered pages inline it after `tokensCss`, allowed by the hash of the whole.
 * Mobile first: nothing here is wider than its container at 360 px.
 */
export const baseCss = `
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font-family: var(--fs-font-sans); font-size: var(--fs-text-md); line-height: var(--fs-line-height);
  color: var(--fs-color-ink); background: var(--fs-color-canvas); }
a { color: var(--fs-color-brand); }
a:hover { color: var(--fs-color-brand-strong); }
code, pre { font-family: var(--fs-font-mono); }
:focus-visible { outline: 3px solid var(--fs-color-focus); outline-offset: 2px; }
.fs-visually-hidden { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.fs-skip-link { position: absolute; left: -999px; top: 0; z-index: 10; padding: var(--fs-space-2) var(--fs-space-3);
  background: var(--fs-color-surface); }
.fs-skip-link:focus { left: var(--fs-space-2); top: var(--fs-space-2); }
.fs-logo { display: inline-grid; place-items: center; width: 2rem; height: 2rem; flex: none; border-radius: var(--fs-radius-md);
  background: var(--fs-color-brand); color: var(--fs-color-on-brand); font-weight: 800; }
.fs-brandbar { display: flex; align-items: center; gap: var(--fs-space-2); padding: var(--fs-space-3) var(--fs-space-4);
  font-weight: 700; background: var(--fs-color-surface); border-bottom: 1px solid var(--fs-color-line); }
.fs-brandbar__shop { font-weight: 400; color: var(--fs-color-ink-soft); }
`

export const componentsCss = `${baseCss}
.fs-button { display: inline-flex; align-items: center; justify-content: center; gap: var(--fs-space-2);
  min-height: var(--fs-tap-size); padding: var(--fs-space-2) var(--fs-space-4); font: inherit; font-weight: 600;
  line-height: 1.25; text-align: center; text-decoration: none; border: 2px solid var(--fs-color-brand);
  border-radius: var(--fs-radius-md); cursor: pointer; }
.fs-button--primary { background: var(--fs-color-brand); color: var(--fs-color-on-brand); }
.fs-button--primary:hover { background: var(--fs-color-brand-strong); border-color: var(--fs-color-brand-strong); color: var(--fs-color-on-brand); }
.fs-button--secondary { background: var(--fs-color-surface); color: var(--fs-color-brand); }
.fs-button--secondary:hover { background: var(--fs-color-brand-tint); color: var(--fs-color-brand-strong); }
.fs-button--danger { background: var(--fs-color-danger); border-color: var(--fs-color-danger); color: var(--fs-color-surface); }
.fs-button--danger:hover { background: var(--fs-color-danger-strong); border-color: var(--fs-color-danger-strong); }
.fs-button--link { min-height: 0; padding: 0; border: 0; background: none; color: var(--fs-color-brand);
  font-weight: 400; text-decoration: underline; }
.fs-button--small { min-height: 36px; padding: var(--fs-space-1) var(--fs-space-3); font-size: var(--fs-text-sm); }
.fs-button--wide { width: 100%; }
.fs-button:disabled { opacity: 0.6; cursor: not-allowed; }

.fs-field { display: grid; gap: var(--fs-space-1); margin: 0 0 var(--fs-space-3); min-width: 0; }
.fs-field > label { font-weight: 600; }
.fs-field__hint { margin: 0; font-size: var(--fs-text-sm); color: var(--fs-color-ink-soft); }
.fs-field__error { margin: 0; font-size: var(--fs-text-sm); font-weight: 600; color: var(--fs-color-danger); }
.fs-input { width: 100%; min-height: var(--fs-tap-size); padding: var(--fs-space-2) var(--fs-space-3); font: inherit;
  color: var(--fs-color-ink); background: var(--fs-color-surface); border: 1px solid var(--fs-color-ink-soft);
  border-radius: var(--fs-radius-md); }
.fs-field--invalid .fs-input { border-color: var(--fs-color-danger); border-width: 2px; }
.fs-choice { display: grid; grid-template-columns: auto 1fr; align-items: center; column-gap: var(--fs-space-3);
  min-height: var(--fs-tap-size); margin: 0 0 var(--fs-space-2); }
.fs-choice__input { width: 22px; height: 22px; margin: 0; accent-color: var(--fs-color-brand); }
.fs-choice .fs-field__hint, .fs-choice .fs-field__error { grid-column: 2; }

.fs-table-box { position: relative; max-width: 100%; overflow-x: auto; background: var(--fs-color-surface);
  border: 1px solid var(--fs-color-line); border-radius: var(--fs-radius-md); }
.fs-table { width: 100%; border-collapse: collapse; }
.fs-table th, .fs-table td { padding: var(--fs-space-2) var(--fs-space-3); text-align: left; vertical-align: top;
  border-bottom: 1px solid var(--fs-color-line); }
.fs-table thead th { font-size: var(--fs-text-xs); text-transform: uppercase; letter-spacing: 0.03em; color: var(--fs-color-ink-soft); }
.fs-table tbody tr:last-child td { border-bottom: 0; }
.fs-table__number { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
@media (max-width: 40rem) {
  .fs-table-box--scroll .fs-table { min-width: 36rem; }
  .fs-table-box--cards { overflow: visible; background: none; border: 0; }
  .fs-table-box--cards .fs-table thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .fs-table-box--cards .fs-table, .fs-table-box--cards tbody, .fs-table-box--cards tr, .fs-table-box--cards td { display: block; }
  .fs-table-box--cards tr { margin: 0 0 var(--fs-space-3); padding: var(--fs-space-2) var(--fs-space-3);
    background: var(--fs-color-surface); border: 1px solid var(--fs-color-line); border-radius: var(--fs-radius-md); }
  .fs-table-box--cards td { display: flex; flex-wrap: wrap; justify-content: space-between; gap: var(--fs-space-1) var(--fs-space-3);
    padding: var(--fs-space-1) 0; border: 0; text-align: right; overflow-wrap: anywhere; }
  .fs-table-box--cards td[data-label]::before { content: attr(data-label); font-weight: 600; color: var(--fs-color-ink-soft); text-align: left; }
}

.fs-dialog { width: min(32rem, calc(100vw - 2rem)); max-height: calc(100vh - 2rem); padding: var(--fs-space-5);
  color: var(--fs-color-ink); background: var(--fs-color-surface); border: 1px solid var(--fs-color-line);
  border-radius: var(--fs-radius-lg); box-shadow: 0 10px 40px rgb(0 0 0 / 25%); }
.fs-dialog--wide { width: min(56rem, calc(100vw - 2rem)); }
.fs-dialog::backdrop { background: rgb(20 24 28 / 55%); }
.fs-dialog__title { margin: 0 0 var(--fs-space-3); font-size: var(--fs-text-lg); }
.fs-dialog__body { color: var(--fs-color-ink-soft); }
.fs-dialog__actions { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: var(--fs-space-2); margin-top: var(--fs-space-4); }

.fs-toast-region:empty { display: none; }
.fs-toast { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: var(--fs-space-2);
  margin: 0 0 var(--fs-space-4); padding: var(--fs-space-3) var(--fs-space-4); border: 1px solid; border-radius: var(--fs-radius-md); }
.fs-toast--success { color: var(--fs-color-success); background: var(--fs-color-success-tint); }
.fs-toast--info { color: var(--fs-color-info); background: var(--fs-color-info-tint); }
.fs-toast--danger { color: var(--fs-color-danger); background: var(--fs-color-danger-tint); }

.fs-empty { padding: var(--fs-space-6) var(--fs-space-5); text-align: center; background: var(--fs-color-surface);
  border: 1px dashed var(--fs-color-ink-soft); border-radius: var(--fs-radius-md); }
.fs-empty__title { font-size: var(--fs-text-lg); margin: 0 0 var(--fs-space-2); }
.fs-empty__body { max-width: 60ch; margin: 0 auto; color: var(--fs-color-ink-soft); }
.fs-empty__action { margin-top: var(--fs-space-4); }

.fs-pagination { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between;
  gap: var(--fs-space-2) var(--fs-space-4); margin-top: var(--fs-space-4); }
.fs-pagination__summary { margin: 0; color: var(--fs-color-ink-soft); }
.fs-pagination__buttons { display: flex; flex-wrap: wrap; align-items: center; gap: var(--fs-space-2); }
.fs-pagination__page { font-size: var(--fs-text-sm); color: var(--fs-color-ink-soft); }

.fs-pill { display: inline-block; padding: 0.1rem 0.55rem; border: 1px solid; border-radius: var(--fs-radius-pill);
  font-size: var(--fs-text-sm); font-weight: 600; line-height: 1.4; white-space: nowrap; word-break: keep-all;
  color: var(--fs-color-ink-soft); background: var(--fs-color-canvas); }
.fs-pill--brand { color: var(--fs-color-brand); background: var(--fs-color-brand-tint); }
.fs-pill--success { color: var(--fs-color-success); background: var(--fs-color-success-tint); }
.fs-pill--info { color: var(--fs-color-info); background: var(--fs-color-info-tint); }
.fs-pill--warning { color: var(--fs-color-warning); background: var(--fs-color-warning-tint); }
.fs-pill--danger { color: var(--fs-color-danger); background: var(--fs-color-danger-tint); }

.fs-code { margin: 0 0 var(--fs-space-4); min-width: 0; }
.fs-code__label { margin: 0 0 var(--fs-space-1); font-size: var(--fs-text-sm); font-weight: 600; color: var(--fs-color-ink-soft); }
.fs-code__pre { position: relative; margin: 0; max-width: 100%; overflow-x: auto; padding: var(--fs-space-3); font-size: var(--fs-text-sm);
  background: var(--fs-color-code-surface); border: 1px solid var(--fs-color-line); border-radius: var(--fs-radius-md); }

@media (prefers-reduced-motion: no-preference) { .fs-button { transition: background-color 0.12s ease; } }
`
