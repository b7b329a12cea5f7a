/**
 * Fanshelf's design tokens: the one identity the docs, admin, hosted checkout and the server-rendered
 * sign-in and consent pages share. Each token becomes a CSS custom property `--fs-<name>`
 * (`tokensCss`); nothing else in the repository should hard-code a colour, font stack or radius.
 *
 * Colours meet WCAG AA (4.5:1 for text, 3:1 for borders and focus) on `surface` and `canvas` in their
 * own mode. Dark mode follows the reader's system setting, and an explicit `data-theme` on `<html>`
 * (Docusaurus' colour-mode switch) wins over it either way.
 */

export interface ColorTokens {
  /** Primary actions, links, the current navigation item. */
  brand: string
  /** Hover/pressed state of `brand`. */
  'brand-strong': string
  /** Quiet background of a selected or highlighted row, a brand pill. */
  'brand-tint': string
  /** Text on a `brand` background. */
  'on-brand': string
  /** Body text. */
  ink: string
  /** Secondary text: hints, captions, table headers. */
  'ink-soft': string
  /** Borders and dividers. */
  line: string
  /** Cards, inputs, dialogs. */
  surface: string
  /** The page behind cards. */
  canvas: string
  danger: string
  'danger-strong': string
  'danger-tint': string
  success: string
  'success-tint': string
  warning: string
  'warning-tint': string
  info: string
  'info-tint': string
  /** The focus ring's colour (`--fs-focus-ring` draws it). */
  focus: string
  /** Code blocks' background. */
  'code-surface': string
}

export const lightColors: ColorTokens = {
  brand: '#5b3cc4',
  'brand-strong': '#4d33a7',
  'brand-tint': '#efebfb',
  'on-brand': '#ffffff',
  ink: '#1c2024',
  'ink-soft': '#4a525a',
  line: '#c9ced4',
  surface: '#ffffff',
  canvas: '#f5f6f8',
  danger: '#b42318',
  'danger-strong': '#8f1c13',
  'danger-tint': '#fdecea',
  success: '#1e6b3a',
  'success-tint': '#e6f4ea',
  warning: '#8a5300',
  'warning-tint': '#fff4e0',
  info: '#1d4f91',
  'info-tint': '#e8f0fb',
  focus: '#5b3cc4',
  'code-surface': '#f3f4f6',
}

export const darkColors: ColorTokens = {
  brand: '#a897ff',
  'brand-strong': '#c0b2ff',
  'brand-tint': '#2a2450',
  'on-brand': '#130d2e',
  ink: '#e8eaed',
  'ink-soft': '#b3bac4',
  line: '#3d4550',
  surface: '#1b2026',
  canvas: '#111418',
  danger: '#ff9b91',
  'danger-strong': '#ffc2bb',
  'danger-tint': '#3b1a17',
  success: '#7ddba3',
  'success-tint': '#14301f',
  warning: '#ffc073',
  'warning-tint': '#3a2a10',
  info: '#8fb5ff',
  'info-tint': '#172640',
  focus: '#c0b2ff',
  'code-surface': '#161a1f',
}

/** Everything that is the same in both modes. */
export const baseTokens = {
  'font-sans': 'system-ui, -apple-system, "Segoe UI", Roboto, Ubuntu, Cantarell, "Noto Sans", sans-serif',
  'font-mono': 'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace',
  'text-xs': '0.75rem',
  'text-sm': '0.875rem',
  'text-md': '1rem',
  'text-lg': '1.25rem',
  'text-xl': '1.6rem',
  'line-height': '1.5',
  'space-1': '4px',
  'space-2': '8px',
  'space-3': '12px',
  'space-4': '16px',
  'space-5': '24px',
  'space-6': '32px',
  'space-7': '48px',
  'radius-sm': '4px',
  'radius-md': '8px',
  'radius-lg': '12px',
  'radius-pill': '999px',
  'focus-ring': '0 0 0 3px var(--fs-color-focus)',
  shadow: '0 1px 2px rgb(0 0 0 / 6%), 0 2px 8px rgb(0 0 0 / 4%)',
  /** Minimum size of anything tapped: buttons, links in lists, checkboxes' labels. */
  'tap-size': '44px',
} as const

const declarations = (entries: Record<string, string>, prefix: string) =>
  Object.entries(entries)
    .map(([name, value]) => `--fs-${prefix}${name}: ${value};`)
    .join(' ')

/**
 * The tokens as CSS custom properties on `:root`, light by default, dark under
 * `prefers-color-scheme: dark` unless `<html data-theme="light">`, and under `<html data-theme="dark">`.
 * Served inline (server-rendered pages, allowed by hash in their CSP) or injected by the docs' and
 * admin's builds.
 */
export const tokensCss = [
  `:root { color-scheme: light dark; ${declarations(baseTokens, '')} ${declarations({ ...lightColors }, 'color-')} }`,
  `@media (prefers-color-scheme: dark) { :root:not([data-theme="light"]) { ${declarations({ ...darkColors }, 'color-')} } }`,
  `:root[data-theme="light"] { color-scheme: light; }`,
  `:root[data-theme="dark"] { color-scheme: dark; ${declarations({ ...darkColors }, 'color-')} }`,
].join('\n')
