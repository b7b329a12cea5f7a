import { describe, expect, it } from 'vitest'
import { codeLinesHtml } from './code-lines-html.ts'
import { keepWhole } from './code-token-lines.ts'
import { codeTokenLines, codeTokens } from './code-tokens.ts'

const text = (lines: ReturnType<typeof codeTokenLines>) =>
  lines.map((line) => line.map(([, content]) => content).join('')).join('\n')

describe('build-time code tokens', () => {
  it('spell the code exactly, line by line, without the final line break a code block drops', () => {
    const code = 'const a = 1\n\nfunction f(x: number) {\n  return String(x)\n}\n'
    const lines = codeTokenLines(code, 'ts')
    expect(lines).toHaveLength(5)
    expect(text(lines)).toBe(code.slice(0, -1))
    expect(lines[1]).toEqual([['token plain', '']])
    expect(lines[0]?.[0]).toEqual(['token keyword', 'const'])
    expect(lines[2]).toContainEqual(['token function', 'f'])
  })

  it('know the extra languages the guides use (bash, php, ruby, java, csharp, http) and the built-in ones', () => {
    expect(codeTokenLines('curl -u "$KEY:" https://x', 'bash')[0]).toContainEqual(['token function', 'curl'])
    expect(
      codeTokenLines('<?php echo $x; ?>', 'php')
        .flat()
        .some(([name]) => name.includes('variable')),
    ).toBe(true)
    expect(codeTokenLines('def x; end', 'ruby')[0]?.[0]).toEqual(['token keyword', 'def'])
    expect(codeTokenLines('public class A {}', 'java')[0]?.[0]).toEqual(['token keyword', 'public'])
    expect(codeTokenLines('using System;', 'csharp')[0]?.[0]).toEqual(['token keyword', 'using'])
    expect(codeTokenLines('POST /x HTTP/1.1\nContent-Type: application/json', 'http').flat().length).toBeGreaterThan(2)
    expect(codeTokenLines('{"a": 1}', 'json')[0]).toContainEqual(['token property', '"a"'])
    expect(codeTokenLines('import os', 'python')[0]?.[0]).toEqual(['token keyword', 'import'])
  })

  it('leave code in a language without a grammar as plain lines', () => {
    expect(codeTokenLines('a <b>\nc', 'text')).toEqual([[['token plain', 'a <b>']], [['token plain', 'c']]])
    expect(codeTokenLines('x', undefined)).toEqual([[['token plain', 'x']]])
  })

  it('serialize as the JSON a code block carries', () => {
    expect(JSON.parse(codeTokens('{}', 'json'))).toEqual(codeTokenLines('{}', 'json'))
  })
})

describe('code lines as HTML', () => {
  it('renders the theme markup: a token-line per line, coloured tokens as spans, plain text as text, a <br> per line', () => {
    const html = codeLinesHtml(codeTokenLines('let a = "<b>&"\n\nx', 'js'), {}, undefined)
    expect(html).toBe(
      '<div class="token-line"><span class="token keyword">let</span> a <span class="token operator">=</span> ' +
        '<span class="token string">"&lt;b&gt;&amp;"</span><br></div>' +
        '<div class="token-line"><br></div>' +
        '<div class="token-line">x<br></div>',
    )
  })

  it('adds highlighted-line classes and the numbered-line structure when asked', () => {
    const html = codeLinesHtml(
      [[['token plain', 'a']], [['token plain', 'b']]],
      { 1: ['theme-code-block-highlighted-line'] },
      { codeLine: 'L', codeLineNumber: 'N', codeLineContent: 'C' },
    )
    expect(html).toBe(
      '<div class="token-line L"><span class="N"></span><span class="C">a</span><br></div>' +
        '<div class="token-line theme-code-block-highlighted-line L"><span class="N"></span><span class="C">b</span><br></div>',
    )
  })
})

describe('the reader’s server origin in code tokens (decision 0032)', () => {
  it('stays one token where Prism would split it, so the server can replace it in the page', () => {
    const code = `curl -sS \\\n  "\${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/v1/shop?storefront_token=$FANSHELF_STOREFRONT_TOKEN" # http://127.0.0.1:4000 twice`
    const lines = codeTokenLines(code, 'bash')
    expect(text(lines)).toBe(code)
    const line = lines[1] ?? []
    expect(line.filter(([, content]) => content.includes('http://127.0.0.1:4000'))).toHaveLength(2)
    expect(line).toContainEqual(['token string variable', '$FANSHELF_STOREFRONT_TOKEN'])
  })

  it('leaves other lines as Prism made them', () => {
    expect(
      keepWhole(
        [
          [
            ['a', 'x'],
            ['b', 'y'],
          ],
        ],
        'http://127.0.0.1:4000',
      ),
    ).toEqual([
      [
        ['a', 'x'],
        ['b', 'y'],
      ],
    ])
    expect(
      keepWhole(
        [
          [
            ['a', 'say http://127.0.'],
            ['b', '0.1:4000/x'],
            ['c', ' end'],
          ],
        ],
        'http://127.0.0.1:4000',
      ),
    ).toEqual([
      [
        ['a', 'say http://127.0.0.1:4000/x'],
        ['c', ' end'],
      ],
    ])
  })
})
