import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { type SearchIndexGroup, withPlainTextDocuments } from './index.ts'
import { plainText } from './plain-text.ts'

describe('plainText', () => {
  it.each([
    ['Use **the storefront token** here.', 'Use the storefront token here.'],
    ['Call `GET /v1/products` first.', 'Call GET /v1/products first.'],
    [
      'See [Signature verification](/webhooks/signature-verification/) for details.',
      'See Signature verification for details.',
    ],
    ['![A diagram](/img/flow.svg) The flow.', 'A diagram The flow.'],
    ['<Sample file="storefront/first-call.sh" title="First call" /> Then list products.', 'Then list products.'],
    [':::note Test mode\nTest events carry testMode: true.\n:::', 'Test mode Test events carry testMode: true.'],
    ['## Retries\n> Every 2xx counts.', 'Retries Every 2xx counts.'],
    ['An *emphasised* word and __strong__ text, ~~gone~~.', 'An emphasised word and strong text, gone.'],
    ['{/* editor note */}Visible text.', 'Visible text.'],
    ["import Tabs from '@theme/Tabs'\nTabs follow.", 'Tabs follow.'],
  ])('%j → %j', (input, expected) => {
    expect(plainText(input)).toBe(expected)
  })

  it('leaves text that only looks like syntax: products, snake_case, masked codes, comparisons', () => {
    for (const text of [
      'The total is 2 * 3 items.',
      'Pass created_at_min and updated_at_max.',
      'The code is masked as ****-****-****-7K2P.',
      'A page size of 1 <= size <= 100.',
    ]) {
      expect(plainText(text)).toBe(text)
    }
  })
})

describe('withPlainTextDocuments', () => {
  const config = { language: ['en'], removeDefaultStopWordFilter: [], removeDefaultStemmer: false }
  const require = createRequire(
    path.join(path.dirname(createRequire(import.meta.url).resolve('@easyops-cn/docusaurus-search-local')), 'x.js'),
  )
  const lunr = require('lunr') as {
    Index: { load(index: unknown): { search(query: string): Array<{ ref: string }> } }
  }

  it('re-indexes the plain text: the snippet shows no Markdown and the words still match', () => {
    const groups: SearchIndexGroup[] = [
      { documents: [{ i: 1, t: 'Signature verification', u: '/webhooks/signature-verification/' }], index: null },
      { documents: [], index: null },
      { documents: [], index: null },
      { documents: [], index: null },
      {
        documents: [
          {
            i: 2,
            t: 'Verify the **`X-Fanshelf-Hmac-SHA256`** header with [the secret](/webhooks/#secret).',
            u: '/',
            p: 1,
          },
        ],
        index: null,
      },
    ]
    const rebuilt = withPlainTextDocuments(groups, config)
    expect(rebuilt[4]!.documents[0]!.t).toBe('Verify the X-Fanshelf-Hmac-SHA256 header with the secret.')
    expect(rebuilt[4]!.documents[0]).toMatchObject({ i: 2, u: '/', p: 1 })
    const content = lunr.Index.load(JSON.parse(JSON.stringify(rebuilt[4]!.index)))
    expect(content.search('secret').map((r) => r.ref)).toEqual(['2'])
    const titles = lunr.Index.load(JSON.parse(JSON.stringify(rebuilt[0]!.index)))
    expect(titles.search('signature').map((r) => r.ref)).toEqual(['1'])
  })
})
