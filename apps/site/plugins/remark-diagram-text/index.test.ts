import type { Root, RootContent } from 'mdast'
import type { VFile } from 'vfile'
import { describe, expect, it } from 'vitest'
import remarkDiagramText, { diagramTextProblems } from './index.ts'

const source = [
  'sequenceDiagram',
  '  accTitle: Checkout',
  '  accDescr: The cart becomes an order.',
  '  A->>B: pay',
].join('\n')
const at = (line: number) => ({ start: { line, column: 1 }, end: { line, column: 1 } })
const mermaid = (value = source, line = 3): RootContent =>
  ({ type: 'mermaidCodeBlock', data: { hName: 'mermaid', hProperties: { value } }, position: at(line) }) as never
const fenced = (value = source): RootContent => ({ type: 'code', lang: 'mermaid', value, position: at(3) })
const paragraph = (text: string): RootContent => ({ type: 'paragraph', children: [{ type: 'text', value: text }] })
const summary = { type: 'mdxJsxFlowElement', name: 'summary', attributes: [], children: [paragraph('In words')] }
const details = (...children: unknown[]): RootContent =>
  ({ type: 'mdxJsxFlowElement', name: 'Details', attributes: [], children }) as never
const steps = { type: 'list', ordered: true, children: [{ type: 'listItem', children: [paragraph('A pays B.')] }] }
const root = (...children: RootContent[]): Root => ({ type: 'root', children })

describe('remark-diagram-text', () => {
  it('accepts a described diagram followed by <details> with a summary and its steps', () => {
    expect(diagramTextProblems(root(mermaid(), details(summary, steps)))).toEqual([])
    expect(diagramTextProblems(root(fenced(), details(summary, steps)))).toEqual([])
    expect(
      diagramTextProblems(root(fenced(), { type: 'html', value: '<details><summary>In words</summary>…</details>' })),
    ).toEqual([])
  })

  it('finds diagrams inside other blocks (tabs, admonitions)', () => {
    const tabs = { type: 'mdxJsxFlowElement', name: 'TabItem', attributes: [], children: [mermaid()] }
    expect(diagramTextProblems(root(tabs as never))).toEqual([
      'the diagram at line 3 is not followed by a <details> with a <summary> and its steps',
    ])
  })

  it('names every diagram with no details, an empty details, or no description', () => {
    const undescribed = 'flowchart LR\n  A --> B'
    expect(
      diagramTextProblems(
        root(mermaid(source, 3), paragraph('text'), mermaid(source, 9), details(summary), mermaid(undescribed, 20)),
      ),
    ).toEqual([
      'the diagram at line 3 is not followed by a <details> with a <summary> and its steps',
      'the diagram at line 9 is not followed by a <details> with a <summary> and its steps',
      'the diagram at line 20 has no `accTitle:` line',
      'the diagram at line 20 is not followed by a <details> with a <summary> and its steps',
    ])
  })

  it('fails the build of a guide whose diagram has no words, naming the file', () => {
    const file = { path: 'docs/storefront/index.mdx' } as VFile
    expect(() => remarkDiagramText()(root(mermaid()), file)).toThrow(/docs\/storefront\/index\.mdx: every Mermaid/)
    expect(() => remarkDiagramText()(root(mermaid(), details(summary, steps)), file)).not.toThrow()
  })
})
