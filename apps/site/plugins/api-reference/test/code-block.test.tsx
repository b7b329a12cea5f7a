import { Prism } from 'prism-react-renderer'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import {
  codeTokenCss,
  compactTokenClass,
  darkCodePalette,
  lightCodePalette,
  resolvedTokenStyle,
} from '../../../config/prism-themes.ts'
import { CodeBlock, highlightTokens, isPlainToken, prismLanguage } from '../lib/components/code-block.tsx'
import { referenceLanguages } from '../lib/samples/languages.ts'

/** The short class a token of Prism's `type` is rendered with. */
const c = (type: string) => {
  const compact = compactTokenClass(`token ${type}`)
  if (!compact) throw new Error(`no compact class for ${type}`)
  return compact
}

const html = (source: string, language: string | undefined) =>
  renderToStaticMarkup(<CodeBlock source={source} language={language} dataLang={language} />)

describe('code blocks (Prism at build time)', () => {
  it('escapes HTML and marks JSON keys, strings, numbers and literals with Prism token classes', () => {
    expect(html('{"a": "<b>", "n": 1, "t": true}', 'json')).toBe(
      `<pre class="fsr-code" tabindex="0" data-lang="json"><code>{<span class="${c('property')}">&quot;a&quot;</span>: <span class="${c('string')}">&quot;&lt;b&gt;&quot;</span>, <span class="${c('property')}">&quot;n&quot;</span>: <span class="${c('number')}">1</span>, <span class="${c('property')}">&quot;t&quot;</span>: <span class="${c('boolean')}">true</span>}</code></pre>`,
    )
  })

  it('highlights shell, with comments, and keeps a URL one text run', () => {
    expect(html('curl https://x.dev/v1.0/a # c', 'curl')).toContain(
      `<span class="${c('function')}">curl</span> https://x.dev/v1.0/a <span class="${c('comment')}"># c</span>`,
    )
  })

  it('tells Ruby symbols from constant paths', () => {
    const out = html('Net::HTTP.start :sym', 'ruby')
    expect(out).toContain(`<span class="${c('symbol')}">:sym</span>`)
    expect(out).toContain(`<span class="${c('constant')}">HTTP</span>`)
  })

  it('leaves unknown languages as escaped plain text', () => {
    expect(html('<x>', 'unknown')).toBe(
      '<pre class="fsr-code" tabindex="0" data-lang="unknown"><code>&lt;x&gt;</code></pre>',
    )
  })

  it('keeps the text exactly, the final line break included', () => {
    const source = 'import os\n\nprint(os.environ["X"])\n'
    expect(
      highlightTokens(source, 'python')
        .map(([, text]) => text)
        .join(''),
    ).toBe(source)
  })

  it('writes no span for tokens both palettes leave uncoloured (punctuation, operators)', () => {
    expect(isPlainToken('token punctuation')).toBe(true)
    expect(isPlainToken('token operator')).toBe(true)
    expect(isPlainToken('token keyword')).toBe(false)
    expect(isPlainToken('token template-string interpolation punctuation')).toBe(false)
    expect(html('f(a, b)', 'javascript')).toContain(`<span class="${c('function')}">f</span>(a, b)`)
  })

  it('has a Prism grammar for every sample language, and highlights each', () => {
    const snippets: Record<string, string> = {
      bash: 'curl -s "$X"',
      javascript: 'const a = await fetch(url)',
      typescript: 'const a: string = await sdk.orders.list()',
      python: 'import os',
      go: 'package main',
      php: '<?php echo getenv("X");',
      ruby: 'require "json"',
      java: 'public class A {}',
    }
    for (const language of referenceLanguages) {
      const grammar = prismLanguage(language.grammar) ?? ''
      highlightTokens('x', grammar)
      expect(Prism.languages[grammar], grammar).toBeDefined()
      expect(html(snippets[grammar] ?? '', grammar), grammar).toMatch(/<span class="ct\d+">/)
    }
    expect(Prism.languages.json).toBeDefined()
  })

  it('gives each token a short class that looks, in both modes, exactly as its Prism types do', () => {
    const css = codeTokenCss()
    for (const types of [['keyword'], ['string'], ['comment'], ['import', 'namespace'], ['class-name'], ['property']]) {
      const compact = compactTokenClass(['token', ...types].join(' '))
      expect(compact, types.join(' ')).toMatch(/^ct\d+$/)
      for (const [mode, palette] of [
        ['light', lightCodePalette],
        ['dark', darkCodePalette],
      ] as const) {
        const rule = new RegExp(`\\[data-theme="${mode}"\\] \\.${compact} \\{([^}]*)\\}`).exec(css)?.[1] ?? ''
        for (const [property, value] of Object.entries(resolvedTokenStyle(palette, types))) {
          expect(rule, `${mode} ${types.join(' ')}`).toContain(
            `${property.replace(/[A-Z]/g, (x) => `-${x.toLowerCase()}`)}: ${value};`,
          )
        }
      }
    }
  })

  it('writes neighbouring tokens that look the same as one span', () => {
    // `import` and `namespace` are separate Prism tokens of one look in Java's `import java.net.URI`.
    const tokens = highlightTokens('import java.net.http.HttpClient;', 'java')
    for (let i = 1; i < tokens.length; i++) expect(tokens[i]?.[0]).not.toBe(tokens[i - 1]?.[0])
  })
})
