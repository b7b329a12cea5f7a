import { anchors } from '../anchors.ts'
import { inlineMarkdown, markdown } from '../markdown.ts'
import type { PageState } from '../page-state.ts'
import { isRef, resolve } from '../refs.ts'
import { serverUrl } from '../samples/request.ts'
import { deref, mergeAllOf } from '../schema.ts'
import type { Header, Operation, Response } from '../types.ts'
import { CodeBlock } from './code-block.tsx'
import { Badge, Heading, isBeta, SizedSection } from './primitives.tsx'
import { constraints, EnumValues, Facts, typeLabel } from './schema-facts.tsx'
import { SchemaBody } from './schema-tree.tsx'

/** Title, version badges, download link, lead and servers. */
export function PageHeader({ page }: { page: PageState }) {
  const { doc, input } = page
  const servers = doc.servers ?? []
  return (
    <header className="fsr-head">
      <h1>{doc.info.title}</h1>
      <p className="fsr-badges">
        <span className="fsr-b">v{doc.info.version}</span> <span className="fsr-b">OpenAPI {doc.openapi}</span>
        {input.beta && (
          <>
            {' '}
            <Badge kind="beta" />
          </>
        )}{' '}
        {input.downloadPath && (
          <a className="fsr-dl" href={input.downloadPath} download>
            Download {input.downloadPath.split('/').pop() ?? ''}
          </a>
        )}
      </p>
      {doc.info.summary && <p className="fsr-lead">{doc.info.summary}</p>}
      {servers.length > 0 && (
        <div className="fsr-servers">
          <span>Servers</span>
          <ul>
            {servers.map((server) => (
              <li key={server.url}>
                <code>{serverUrl(server)}</code>
                {server.description && <> — {inlineMarkdown(server.description, page.ctx)}</>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </header>
  )
}

/** The document's description; its headings are the contents' "Overview". */
export function Intro({ page }: { page: PageState }) {
  const source = page.doc.info.description ?? ''
  const offset = /^# /m.test(source) ? 1 : 0
  return (
    <div className="fsr-intro">
      {markdown(source, page.ctx, { headingOffset: offset, headings: page.introHeadings })}
    </div>
  )
}

export function TagSection({ tag, page }: { tag: string; page: PageState }) {
  const description = page.doc.tags?.find((t) => t.name === tag)?.description
  return (
    <section className="fsr-tag">
      <Heading level={2} id={anchors.tag(tag)} text={tag} ctx={page.ctx} />
      {markdown(description, page.ctx)}
    </section>
  )
}

/** Every named schema (`#schema/<Name>`): type, flags, description, constraints, enum, properties, example. */
export function SchemasSection({ page }: { page: PageState }) {
  const schemas = Object.entries(page.doc.components?.schemas ?? {})
  if (schemas.length === 0) return null
  const { ctx } = page
  const id = page.sectionId('Schemas')
  return (
    <>
      <section className="fsr-tag">
        <Heading level={2} id={id} text="Schemas" />
        <p>Every named schema of the document. Where a schema is used, its name links here.</p>
      </section>
      {schemas.map(([name, schema]) => {
        const resolved = mergeAllOf(deref(schema, ctx), ctx)
        const facts = constraints(resolved)
        const example = resolved.examples?.[0] ?? resolved.example
        return (
          <SizedSection key={name} className="fsr-schema" data={{ 'data-schema': name }}>
            <Heading level={3} id={anchors.schema(name)} text={name} ctx={ctx} />
            <div className="fsr-opmeta">
              <span className="fsr-t">{typeLabel({ ...resolved, allOf: undefined, title: undefined }, ctx)}</span>
              {resolved.deprecated && (
                <>
                  {' '}
                  <Badge kind="deprecated" />
                </>
              )}
              {isBeta(resolved) && (
                <>
                  {' '}
                  <Badge kind="beta" />
                </>
              )}
            </div>
            {markdown(resolved.description, ctx)}
            {facts.length > 0 && (
              <p className="fsr-c">
                <Facts facts={facts} />
              </p>
            )}
            <EnumValues schema={resolved} />
            <div className="fsr-clone">
              <SchemaBody schema={resolved} ctx={ctx} />
            </div>
            {example !== undefined && typeof example === 'object' && (
              <details className="fsr-ex">
                <summary>Example</summary>
                <CodeBlock source={JSON.stringify(example, null, 2)} language="json" dataLang="json" />
              </details>
            )}
          </SizedSection>
        )
      })}
    </>
  )
}

/** Component header name → the header name responses send it under (`RequestId` → `Request-Id`). */
function headerWireNames(page: PageState): Map<string, string> {
  const names = new Map<string, string>()
  const visit = (responses: Operation['responses']) => {
    for (const value of Object.values(responses ?? {})) {
      for (const [wire, header] of Object.entries(resolve<Response>(page.doc, value).value.headers ?? {})) {
        const resolved = isRef(header) ? resolve<Header>(page.doc, header) : undefined
        if (resolved?.name && !names.has(resolved.name)) names.set(resolved.name, wire)
      }
    }
  }
  for (const op of page.operations) visit(op.operation.responses)
  for (const value of Object.values(page.doc.components?.responses ?? {})) visit({ x: value })
  return names
}

/** The component headers responses refer to (`#header/<Name>`), in one table. */
export function HeadersSection({ page }: { page: PageState }) {
  const headers = Object.entries(page.doc.components?.headers ?? {})
  if (headers.length === 0) return null
  const { ctx } = page
  const id = page.sectionId('Response headers')
  const wireNames = headerWireNames(page)
  return (
    <section className="fsr-tag">
      <Heading level={2} id={id} text="Response headers" />
      <p>Headers that responses refer to by name.</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region keyboards must reach */}
      <div className="fsr-tw" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th>Name</th>
              <th>Type</th>
              <th>Description</th>
            </tr>
          </thead>
          <tbody>
            {headers.map(([name, value]) => {
              const header = resolve<Header>(page.doc, value).value
              return (
                <tr key={name} id={ctx.ids.claim(anchors.header(name))}>
                  <td>
                    <code>{wireNames.get(name) ?? name}</code>
                  </td>
                  <td>{typeLabel(header.schema, ctx)}</td>
                  <td>
                    {inlineMarkdown(header.description, ctx)}
                    {header.example !== undefined && (
                      <>
                        {' '}
                        <span className="fsr-c">
                          Example: <code>{String(header.example)}</code>
                        </span>
                      </>
                    )}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </section>
  )
}
