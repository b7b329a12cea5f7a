import { readFileSync } from 'node:fs'
import path from 'node:path'
import { tokensCss } from '@fanshelf/ui/tokens'
import { describe, expect, it } from 'vitest'
import designTokensPlugin from './index.ts'

const siteDir = path.resolve(import.meta.dirname, '../..')

describe('design tokens in the docs', () => {
  it('puts the shared tokens in the head of every page', () => {
    const tags = designTokensPlugin().injectHtmlTags?.({ content: undefined }) as { headTags: unknown[] }
    expect(tags.headTags).toEqual([
      { tagName: 'style', attributes: { 'data-fanshelf-tokens': 'true' }, innerHTML: tokensCss },
    ])
  })

  it('maps Infima onto the tokens instead of hard-coding colours or font stacks', () => {
    const css = readFileSync(path.join(siteDir, 'src/css/custom.css'), 'utf8')
    for (const variable of [
      '--ifm-color-primary',
      '--ifm-font-family-base',
      '--ifm-font-family-monospace',
      '--ifm-global-radius',
      '--ifm-code-background',
      '--ifm-font-color-base',
    ]) {
      expect(css).toMatch(new RegExp(`${variable}: [^;]*var\\(--fs-`))
    }
    // Every variable the CSS uses is a token the package defines.
    const defined = new Set([...tokensCss.matchAll(/(--fs-[\w-]+):/g)].map((match) => match[1]))
    const used = new Set([...css.matchAll(/var\((--fs-[\w-]+)/g)].map((match) => match[1]))
    expect([...used].filter((name) => !defined.has(name))).toEqual([])
    // No hex colour is left in the mapping; brand colours come from the tokens.
    expect(css.match(/#[0-9a-f]{3,8}\b/gi) ?? []).toEqual([])
  })
})
