import { type PrismTheme, themes } from 'prism-react-renderer'

/**
 * Code themes whose every token colour meets WCAG AA (4.5:1) against its background: the GitHub
 * Primer palette on #f6f8fa for light mode, and Dracula with a readable comment colour for dark mode.
 */
export const lightCodeTheme: PrismTheme = {
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

export const darkCodeTheme: PrismTheme = {
  ...themes.dracula,
  styles: [
    ...themes.dracula.styles,
    { types: ['comment', 'prolog', 'doctype', 'cdata'], style: { color: '#a4b0d8', fontStyle: 'italic' } },
  ],
}
