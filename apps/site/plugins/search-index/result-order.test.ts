import { describe, expect, it } from 'vitest'
import { SearchDocumentType, sortSearchResults } from './result-order.ts'

const { Title, Heading, Description, Content } = SearchDocumentType

interface Result {
  type: number
  document: { i: number; t: string }
  page?: { i: number; t: string } | false
  index?: number
}

const page = (i: number, t: string) => ({ i, t })

describe('sortSearchResults', () => {
  it('ranks page titles, then headings, then body text, whatever query found them', () => {
    const testing = page(1, 'Testing webhooks')
    const verification = page(2, 'Signature verification')
    const other = page(3, 'Limitations')
    // As the worker appends them: the strict query's body matches, then a looser query's title and heading.
    const results: Result[] = [
      { type: Content, document: { i: 10, t: '…verify the signature…' }, page: testing },
      { type: Content, document: { i: 11, t: '…verifying deliveries…' }, page: other },
      { type: Title, document: verification },
      { type: Heading, document: { i: 12, t: 'Verify in Go' }, page: testing },
    ]
    sortSearchResults(results)
    expect(results.map((r) => r.document.t)).toEqual([
      'Signature verification',
      'Verify in Go',
      '…verify the signature…',
      '…verifying deliveries…',
    ])
    expect(results.map((r) => r.index)).toEqual([0, 1, 2, 3])
  })

  it('keeps a page’s matches just after its title, headings before body text', () => {
    const checkout = page(1, 'Cart and checkout')
    const results: Result[] = [
      { type: Content, document: { i: 10, t: '…checkout URL…' }, page: checkout },
      { type: Heading, document: { i: 11, t: 'Webhook checkout events' }, page: page(2, 'Webhooks') },
      { type: Description, document: { i: 1, t: 'Hand the shopper over to checkout.' }, page: checkout },
      { type: Title, document: checkout },
      { type: Heading, document: { i: 12, t: 'Hand off to checkout' }, page: checkout },
    ]
    sortSearchResults(results)
    expect(results.map((r) => r.document.t)).toEqual([
      'Cart and checkout',
      'Hand off to checkout',
      'Hand the shopper over to checkout.',
      '…checkout URL…',
      'Webhook checkout events',
    ])
  })
})
