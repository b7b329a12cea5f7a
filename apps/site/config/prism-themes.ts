import { type PrismTheme, themes } from 'prism-react-renderer'

/** Prism languages beyond prism-react-renderer's own set, for the build-time highlighter (config/code-tokens.ts). */
export const additionalPrismLanguages = ['bash', 'markup-templating', 'php', 'ruby', 'java', 'csharp', 'http'] as const

/**
 * Code palettes whose every token colour meets WCAG AA (4.5:1) against its background: the GitHub
 * Primer palette on #f6f8fa for light mode, and Dracula with a readable comment colour for dark mode.
 */
export const lightCodePalette: PrismTheme = {
  plain: { color: '#24292f', backgroundColor: '#f6f8fa' },
  styles: [
    { types: ['comment', 'prolog', 'doctype', 'cdata'], style: { color: '#57606a', fontStyle: 'italic' } },
    { types: ['punctuation', 'operator'], style: { color: '#24292f' } },
    { types: ['string', 'attr-value', 'char', 'template-string'], style: { color: '#0a3069' } },
    {
      types: ['number', 'boolean', 'constant', 'symbol', 'property', 'variable', 'parameter', 'regex', 'url', 'entity'],
      style: { color: '#0550ae' },
    },
    { types: ['keyword', 'atrule', 'selector', 'important', 'tag', 'builtin', 'deleted'], style: { color: '#cf222e' } },
    { types: ['function', 'class-name', 'function-variable', 'attr-name'], style: { color: '#8250df' } },
    { types: ['inserted'], style: { color: '#116329' } },
    { types: ['namespace'], style: { color: '#953800' } },
    { types: ['bold', 'important'], style: { fontWeight: 'bold' } },
    { types: ['italic'], style: { fontStyle: 'italic' } },
  ],
}

export const darkCodePalette: PrismTheme = {
  ...themes.dracula,
  styles: [
    ...themes.dracula.styles,
    { types: ['comment', 'prolog', 'doctype', 'cdata'], style: { color: '#a4b0d8', fontStyle: 'italic' } },
  ],
}

/**
 * The themes Docusaurus renders with carry no styles at all: every token would otherwise get an
 * inline `style` (about a fifth of a code-heavy page's HTML), and the block's colours would be
 * inline CSS variables that differ per colour mode. Both come from CSS instead
 * (`src/css/code-tokens.css`, generated from the palettes by `codeTokenCss`), keyed on the
 * `token <type>` classes prism-react-renderer puts on each token and on the colour mode, so a code
 * block renders the same in both modes and is never re-rendered after hydration (see
 * `src/theme/CodeBlock`).
 */
export const lightCodeTheme: PrismTheme = { plain: {}, styles: [] }
export const darkCodeTheme: PrismTheme = { plain: {}, styles: [] }

function declarations(style: Record<string, unknown>): string {
  return Object.entries(style)
    .map(([property, value]) => `${property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${String(value)};`)
    .join('\n  ')
}

/** The style a token with these types gets under the palette (its styles apply in order, as in the CSS). */
export function resolvedTokenStyle(palette: PrismTheme, types: readonly string[]): Record<string, unknown> {
  const style: Record<string, unknown> = {}
  for (const entry of palette.styles) {
    if (entry.types.some((type) => types.includes(type))) Object.assign(style, entry.style)
  }
  return style
}

const modes = [
  ['light', lightCodePalette],
  ['dark', darkCodePalette],
] as const

/** A token's look in both colour modes, as a comparable string. */
function tokenLook(types: readonly string[]): string {
  return JSON.stringify(modes.map(([, palette]) => Object.entries(resolvedTokenStyle(palette, types)).sort()))
}

/**
 * One short class per distinct look a single token type has in the two palettes (`ct0`, `ct1`, …,
 * numbered in the order of the types' names, so the same palettes give the same classes). The
 * build-time renderers (the API reference) put it on a token instead of Prism's `token <type> …`
 * list: about 20,000 tokens on the largest reference page, each one a dozen bytes shorter.
 */
const compactLooks: Map<string, string> = (() => {
  const types = [...new Set([...lightCodePalette.styles, ...darkCodePalette.styles].flatMap((entry) => entry.types))]
  const looks = new Map<string, string>()
  for (const type of types.sort()) {
    const look = tokenLook([type])
    if (!looks.has(look)) looks.set(look, `ct${looks.size}`)
  }
  return looks
})()

/**
 * The compact class for a token of Prism's class list (`token import namespace`): the class of a
 * single type that looks the same in both modes, or undefined when the list looks like no single
 * type (keep Prism's class list then; the `.token.<type>` rules colour it).
 */
export function compactTokenClass(className: string): string | undefined {
  return compactLooks.get(tokenLook(className.split(' ').filter((type) => type !== 'token')))
}

/** The CSS of both palettes' token styles, in the palettes' order (a later style wins, as in Prism). */
export function codeTokenCss(): string {
  const lines = [
    '/* Generated from config/prism-themes.ts by `npm run generate:code-css -w apps/site`; do not edit. */',
  ]
  for (const [mode, palette] of [
    ['light', lightCodePalette],
    ['dark', darkCodePalette],
  ] as const) {
    const { color, backgroundColor } = palette.plain
    lines.push(
      `[data-theme="${mode}"] {\n  --prism-color: ${String(color).toLowerCase()};\n  --prism-background-color: ${String(backgroundColor).toLowerCase()};\n}`,
    )
    for (const { types, style } of palette.styles) {
      const selectors = types.map((type) => `[data-theme="${mode}"] .token.${type}`).join(',\n')
      lines.push(`${selectors} {\n  ${declarations(style as Record<string, unknown>)}\n}`)
    }
  }
  // The compact classes (compactTokenClass): each one's whole look per mode.
  for (const [look, className] of compactLooks) {
    const perMode = JSON.parse(look) as [string, unknown][][]
    modes.forEach(([mode], index) => {
      const style = Object.fromEntries(perMode[index] ?? [])
      if (Object.keys(style).length > 0)
        lines.push(`[data-theme="${mode}"] .${className} {\n  ${declarations(style)}\n}`)
    })
  }
  return `${lines.join('\n')}\n`
}
