import type { Code, Root } from 'mdast'
import { describe, expect, it } from 'vitest'
import { codeTokens } from '../../config/code-tokens.ts'
import remarkCodeTokens from './index.ts'

const code = (lang: string | null, value: string, extra: Partial<Code> = {}): Code => ({
  type: 'code',
  lang,
  value,
  ...extra,
})

describe('remark-code-tokens', () => {
  it('gives every fenced code block its tokens as a prop, keeping the properties it already had', () => {
    const tree: Root = {
      type: 'root',
      children: [
        code('json', '{"a": 1}', { meta: 'title="x"', data: { hProperties: { metastring: 'title="x"' } } }),
        code(null, 'plain words'),
      ],
    }
    remarkCodeTokens()(tree)
    const [json, plain] = tree.children as Code[]
    expect(json?.data?.hProperties).toEqual({ metastring: 'title="x"', tokens: codeTokens('{"a": 1}', 'json') })
    expect(plain?.data?.hProperties).toEqual({ tokens: codeTokens('plain words', undefined) })
  })

  it('leaves Mermaid diagrams alone', () => {
    const tree: Root = { type: 'root', children: [code('mermaid', 'graph TD; A-->B')] }
    remarkCodeTokens()(tree)
    expect((tree.children[0] as Code).data).toBeUndefined()
  })
})
