import { Fragment, type ReactNode } from 'react'
import { anchors } from '../anchors.ts'
import type { OperationInfo, PageState } from '../page-state.ts'
import { isBeta, MethodBadge } from './primitives.tsx'
import { sharedResponseNames } from './responses.tsx'

const navMethod: Record<string, string> = { delete: 'DEL', options: 'OPT', patch: 'PATCH' }

function NavOperation({ op, page }: { op: OperationInfo; page: PageState }) {
  const { operation } = op
  return (
    <li>
      <a href={`#${anchors.operation(op.operationId)}`} className={operation.deprecated ? 'fsr-ndep' : undefined}>
        <MethodBadge method={op.method} label={navMethod[op.method] ?? op.method.toUpperCase()} />
        {operation.summary ?? op.operationId}
        {operation.deprecated && (
          <>
            {' '}
            <span className="fsr-nb fsr-nb-dep">deprecated</span>
          </>
        )}
        {(page.input.beta || isBeta(operation)) && (
          <>
            {' '}
            <span className="fsr-nb">beta</span>
          </>
        )}
      </a>
    </li>
  )
}

function Folder({ title, open, children }: { title: string; open?: boolean; children: ReactNode }) {
  return (
    <li>
      <details open={open || undefined}>
        <summary>{title}</summary>
        <ul>{children}</ul>
      </details>
    </li>
  )
}

function NamedLinks({ names, anchor }: { names: string[]; anchor: (name: string) => string }) {
  return names.map((name) => (
    <li key={name}>
      <a href={`#${anchor(name)}`}>{name}</a>
    </li>
  ))
}

/**
 * The contents: overview (the intro's headings), security, tag groups → operations and events,
 * shared responses, schemas, response headers. Rendered after the article, whose rendering
 * registers the ids it links to.
 */
export function Nav({ page }: { page: PageState }) {
  const { doc } = page
  const securityId = page.sectionIds.get('Security schemes')
  const responsesId = page.sectionIds.get('Responses')
  const schemasId = page.sectionIds.get('Schemas')
  const headersId = page.sectionIds.get('Response headers')
  const groups = page.tagGroups().map((group, index) => {
    const tags = group.tags.flatMap((tag) => {
      const ops = page.operationsOf(tag)
      const events = page.webhooksOf(tag)
      if (ops.length === 0 && events.length === 0) return []
      return [
        <Folder key={tag} title={tag} open>
          {ops.map((op) => (
            <NavOperation key={op.operationId} op={op} page={page} />
          ))}
          {events.map(([type, operation]) => (
            <li key={type}>
              <a href={`#${anchors.event(type)}`}>
                {operation.summary ?? type}
                {isBeta(operation) && (
                  <>
                    {' '}
                    <span className="fsr-nb">beta</span>
                  </>
                )}
              </a>
            </li>
          ))}
        </Folder>,
      ]
    })
    if (tags.length === 0) return null
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: groups in document order
      <Fragment key={index}>
        {group.name && <li className="fsr-ng">{group.name}</li>}
        {tags}
      </Fragment>
    )
  })
  return (
    <nav className="fsr-nav fsr-noindex" aria-label="API reference contents">
      <details className="fsr-navd">
        <summary>Contents</summary>
        {/* Opens the contents on wide screens before first paint (no layout shift); closed on phones. */}
        <script
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant inline script
          dangerouslySetInnerHTML={{
            __html: "document.currentScript.parentNode.open=matchMedia('(min-width: 997px)').matches",
          }}
        />
        <ul className="fsr-nl">
          <li className="fsr-ng">Overview</li>
          {page.introHeadings
            .filter((heading) => heading.depth === 2)
            .map((heading) => (
              <li key={heading.id}>
                <a href={`#${heading.id}`}>{heading.text}</a>
              </li>
            ))}
          {securityId && (
            <li>
              <a href={`#${securityId}`}>Security schemes</a>
            </li>
          )}
          {groups}
          {responsesId && (
            <Folder title="Responses">
              <li>
                <a href={`#${responsesId}`}>About shared responses</a>
              </li>
              <NamedLinks names={sharedResponseNames(page)} anchor={anchors.response} />
            </Folder>
          )}
          {schemasId && (
            <Folder title="Schemas">
              <li>
                <a href={`#${schemasId}`}>About schemas</a>
              </li>
              <NamedLinks names={Object.keys(doc.components?.schemas ?? {})} anchor={anchors.schema} />
            </Folder>
          )}
          {headersId && (
            <li>
              <a href={`#${headersId}`}>Response headers</a>
            </li>
          )}
        </ul>
      </details>
    </nav>
  )
}
