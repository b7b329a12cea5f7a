import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { codeTokenCss, darkCodeTheme, lightCodePalette, lightCodeTheme } from './prism-themes.ts'

describe('code themes', () => {
  it('render no inline token styles: colours come from the generated CSS, which is up to date', () => {
    expect(lightCodeTheme).toEqual({ plain: {}, styles: [] })
    expect(darkCodeTheme).toEqual({ plain: {}, styles: [] })
    const committed = fs.readFileSync(path.resolve(import.meta.dirname, '../src/css/code-tokens.css'), 'utf8')
    // If this fails: npm run generate:code-css -w apps/site
    expect(committed).toBe(codeTokenCss())
  })

  it('gives every token type of the palettes a rule per colour mode, later styles after earlier ones', () => {
    const css = codeTokenCss()
    expect(css).toContain('[data-theme="light"] .token.comment')
    expect(css).toMatch(/\[data-theme="light"\] \.token\.comment[^}]*color: #57606a;\n {2}font-style: italic;/)
    expect(css).toContain('[data-theme="dark"] .token.keyword')
    // The block's own colours, per mode (the theme reads these variables).
    expect(css).toContain('[data-theme="light"] {\n  --prism-color: #24292f;\n  --prism-background-color: #f6f8fa;\n}')
    expect(css).toMatch(
      /\[data-theme="dark"\] \{\n {2}--prism-color: #f8f8f2;\n {2}--prism-background-color: #282a36;\n\}/,
    )
    const last = lightCodePalette.styles.at(-1)!
    expect(css.lastIndexOf(`[data-theme="light"] .token.${last.types[0]}`)).toBeGreaterThan(
      css.indexOf('[data-theme="light"] .token.comment'),
    )
  })
})
