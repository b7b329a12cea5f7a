import type { ReactNode } from 'react'
import { anchors } from '../anchors.ts'
import { mediaTypeExamples } from '../examples.ts'
import { markdown } from '../markdown.ts'
import type { OperationInfo, PageState } from '../page-state.ts'
import { isRef, resolve } from '../refs.ts'
import { deref, mergeAllOf, type SchemaContext } from '../schema.ts'
import type { Header, MediaType, Response } from '../types.ts'
import { CodeBlock } from './code-block.tsx'
import { codes, Heading, joined, SizedSection, StatusBadge } from './primitives.tsx'
import { SchemaUsage } from './schema-tree.tsx'

/** Error codes a response can carry: the schema's `code`/`error` enum or const, examples, and `CODES` in its description. */
export function errorCodes(response: Response, ctx: SchemaContext): string[] {
  const found = new Set<string>()
  for (const media of Object.values(response.content ?? {})) {
    const schema = media.schema ? mergeAllOf(deref(media.schema, ctx), ctx) : undefined
    for (const field of ['code', 'error']) {
      const property = schema?.properties?.[field] ? mergeAllOf(deref(schema.properties[field], ctx), ctx) : undefined
      if (property?.const !== undefined) found.add(String(property.const))
      for (const value of property?.enum ?? []) found.add(String(value))
    }
    for (const example of mediaTypeExamples({ ...media, schema: undefined } as MediaType, ctx)) {
      const value = example.value as { code?: unknown; error?: unknown } | undefined
      if (typeof value?.code === 'string') found.add(value.code)
      if (typeof value?.error === 'string') found.add(value.error)
    }
  }
  for (const match of (response.description ?? '').matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`/g)) {
    if (match[1]) found.add(match[1])
  }
  return [...found]
}

export function firstSentence(text: string | undefined): string {
  if (!text) return ''
  const plain = text
    .replace(/`([^`]*)`/g, '$1')
    .replace(/[*_]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  const match = /^(.{1,140}?[.:;])(\s|$)/.exec(plain)
  return match?.[1] ?? (plain.length > 140 ? `${plain.slice(0, 139)}…` : plain)
}

/** The examples of a media type, each in a `<details>` (open for success responses and events). */
export function Examples({ media, open, ctx }: { media: MediaType; open: boolean; ctx: SchemaContext }) {
  const examples = mediaTypeExamples(media, ctx).filter((example) => example.value !== undefined)
  return examples.map((example, index) => {
    const title = example.summary ?? (example.name ? example.name : 'Example')
    const source = typeof example.value === 'string' ? example.value : JSON.stringify(example.value, null, 2)
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: examples in document order
      <details key={index} className="fsr-ex" open={open || undefined}>
        <summary>{title}</summary>
        <CodeBlock source={source} language="json" dataLang="json" />
      </details>
    )
  })
}

function HeadersList({ headers, page }: { headers: Response['headers']; page: PageState }) {
  const entries = Object.entries(headers ?? {})
  if (entries.length === 0) return null
  const items = entries.map(([name, header]): ReactNode => {
    if (isRef(header)) {
      const resolved = resolve<Header>(page.doc, header)
      if (resolved.kind === 'headers' && resolved.name) {
        return (
          <a key={name} href={page.link(`#${anchors.header(resolved.name)}`)}>
            {name}
          </a>
        )
      }
    }
    const value = resolve<Header>(page.doc, header).value
    return (
      <span key={name} title={value.description ?? ''}>
        <code>{name}</code>
      </span>
    )
  })
  return <p className="fsr-c">Headers: {joined(items, ', ')}</p>
}

/** Description, headers, body schema and examples of a response. */
function ResponseBody({
  response,
  openExamples,
  summarised = false,
  page,
}: {
  response: Response
  openExamples: boolean
  summarised?: boolean
  page: PageState
}) {
  const { ctx } = page
  // A one-sentence description already shown in the summary line is not repeated.
  const shortText = firstSentence(response.description) === response.description?.trim()
  return (
    <>
      {summarised && shortText ? null : markdown(response.description, ctx)}
      <HeadersList headers={response.headers} page={page} />
      {Object.entries(response.content ?? {}).map(([type, media]) => [
        <p key={`${type}-type`} className="fsr-mt">
          <code>{type}</code>
        </p>,
        <SchemaUsage key={`${type}-schema`} schema={media.schema} ctx={ctx} />,
        <Examples key={`${type}-examples`} media={media} open={openExamples} ctx={ctx} />,
      ])}
    </>
  )
}

/** An operation's responses, each in a `<details>` (the first success open). */
export function Responses({ op, page }: { op: OperationInfo; page: PageState }) {
  const entries = Object.entries(op.operation.responses ?? {})
  if (entries.length === 0) return null
  let openedSuccess = false
  const items = entries.map(([status, value]) => {
    const resolved = resolve<Response>(page.doc, value)
    const response = resolved.value
    const isSuccess = /^[123]/.test(status)
    const open = isSuccess && !openedSuccess
    if (open) openedSuccess = true
    const errors = isSuccess ? [] : errorCodes(response, page.ctx)
    const summary = (
      <summary>
        <StatusBadge status={status} /> {errors.length > 0 ? codes(errors) : firstSentence(response.description)}
      </summary>
    )
    if (!isSuccess && resolved.kind === 'responses' && resolved.name) {
      // A shared error response: described once in the Responses section, copied here when opened.
      page.sharedResponses.add(resolved.name)
      const href = page.link(`#${anchors.response(resolved.name)}`)
      return (
        <details key={status} className="fsr-resp fsr-lazy" data-src={anchors.response(resolved.name)}>
          {summary}
          <div className="fsr-rb">
            <p className="fsr-c">
              {firstSentence(response.description)} See <a href={href}>{resolved.name}</a>.
            </p>
          </div>
        </details>
      )
    }
    return (
      <details key={status} className="fsr-resp" open={open || undefined}>
        {summary}
        <div className="fsr-rb">
          <ResponseBody response={response} openExamples={isSuccess} summarised={errors.length === 0} page={page} />
        </div>
      </details>
    )
  })
  return (
    <>
      <h4>Responses</h4>
      <div className="fsr-resps">{items}</div>
    </>
  )
}

/** The shared error responses operations referred to, each described once. */
export function SharedResponsesSection({ page }: { page: PageState }) {
  const names = sharedResponseNames(page)
  if (names.length === 0) return null
  const id = page.sectionId('Responses')
  return (
    <>
      <section className="fsr-tag">
        <Heading level={2} id={id} text="Responses" />
        <p>Error responses that several operations share. Each operation lists the ones it can answer.</p>
      </section>
      {names.map((name) => {
        const response = resolve<Response>(page.doc, page.doc.components?.responses?.[name] as Response).value
        const errors = errorCodes(response, page.ctx)
        return (
          <SizedSection key={name} className="fsr-schema">
            <Heading level={3} id={anchors.response(name)} text={name} ctx={page.ctx} />
            {errors.length > 0 && <p className="fsr-c">Codes: {codes(errors)}</p>}
            <div className="fsr-clone">
              <ResponseBody response={response} openExamples page={page} />
            </div>
          </SizedSection>
        )
      })}
    </>
  )
}

export function sharedResponseNames(page: PageState): string[] {
  return Object.keys(page.doc.components?.responses ?? {}).filter((name) => page.sharedResponses.has(name))
}
