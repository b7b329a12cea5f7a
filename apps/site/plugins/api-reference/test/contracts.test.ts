import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { defaultSpecs } from '../index.ts'
import { loadDocument } from '../lib/load.ts'
import { type RenderedPage, renderSpec, type SpecInput } from '../lib/render.ts'
import { danglingHashLinks, repoRoot } from './helpers.ts'

/** The three real contracts render completely and consistently. */

let inputs: SpecInput[]
let pages: RenderedPage[]

beforeAll(async () => {
  inputs = await Promise.all(
    defaultSpecs.map(async (spec) => ({
      specId: spec.id,
      route: spec.route,
      doc: await loadDocument(path.join(repoRoot, spec.file)),
      beta: spec.beta ?? false,
    })),
  )
  pages = inputs.map((input) => renderSpec(input, inputs))
})

describe.each(defaultSpecs.map((spec) => spec.id))('%s', (id) => {
  const page = () => pages.find((item) => item.specId === id) as RenderedPage
  const input = () => inputs.find((item) => item.specId === id) as SpecInput

  it('has an anchor for every operation, webhook event and schema', () => {
    const doc = input().doc
    const operationIds = Object.values(doc.paths ?? {}).flatMap((item) =>
      Object.values(item).flatMap((operation) =>
        typeof operation === 'object' && operation && 'operationId' in operation ? [operation.operationId] : [],
      ),
    )
    expect(operationIds.length).toBeGreaterThan(0)
    for (const operationId of operationIds) expect(page().anchors).toContain(`operation/${operationId}`)
    for (const type of Object.keys(doc.webhooks ?? {})) expect(page().anchors).toContain(`event/${type}`)
    for (const name of Object.keys(doc.components?.schemas ?? {})) expect(page().anchors).toContain(`schema/${name}`)
  })

  it('has no in-page link to a missing anchor', () => {
    expect(danglingHashLinks(page().html)).toEqual([])
  })

  it('links other reference pages only at anchors they have', () => {
    for (const link of page().links.filter((href) => /^\/(open-api|open-api-beta|storefront-api)\/#/.test(href))) {
      const [route, hash] = link.split('#')
      const target = pages.find((item) => item.route === route)
      expect(target?.anchors, link).toContain(hash)
    }
  })

  it('offers try-it data and samples for every operation', () => {
    for (const op of page().operations) {
      expect(page().tryIt[op.operationId]?.method).toBe(op.method)
      expect(page().html).toContain(`data-op="${op.operationId}"`)
    }
  })
})

it('marks the beta document and the deprecated operation', () => {
  const beta = pages.find((page) => page.specId === 'open-api-beta') as RenderedPage
  expect(beta.html).toMatch(/<h1>[^<]*<\/h1><p class="fsr-badges">.*fsr-b-beta/)
  const open = pages.find((page) => page.specId === 'open-api') as RenderedPage
  const secret = open.html.slice(open.html.indexOf('id="operation/getWebhookSecret"'))
  expect(secret.slice(0, 800)).toContain('fsr-b-dep')
  expect(open.html).toContain('<a href="#operation/getWebhookSecret" class="fsr-ndep">')
})

it('lists error codes on operations', () => {
  const open = pages.find((page) => page.specId === 'open-api') as RenderedPage
  for (const code of [
    'REQUEST_VALIDATION_FAILED',
    'UNAUTHENTICATED',
    'INSUFFICIENT_SCOPE',
    'ORDER_NOT_FOUND',
    'RATE_LIMITED',
  ]) {
    expect(open.html).toContain(`<code>${code}</code>`)
  }
})
