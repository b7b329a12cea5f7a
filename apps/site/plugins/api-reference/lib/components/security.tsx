import type { ReactNode } from 'react'
import { anchors } from '../anchors.ts'
import { inlineMarkdown, markdown } from '../markdown.ts'
import type { PageState } from '../page-state.ts'
import type { SecurityRequirement, SecurityScheme } from '../types.ts'
import { codes, Heading, joined, SizedSection } from './primitives.tsx'

export function schemeKind(scheme: SecurityScheme | undefined): ReactNode {
  if (!scheme) return ''
  if (scheme.type === 'http')
    return scheme.scheme?.toLowerCase() === 'basic' ? 'HTTP Basic' : `HTTP ${scheme.scheme ?? ''}`.trim()
  if (scheme.type === 'oauth2') return 'OAuth 2.0 bearer token'
  if (scheme.type === 'apiKey') {
    return (
      <>
        API key in {scheme.in} parameter <code>{scheme.name}</code>
      </>
    )
  }
  return scheme.type
}

/** Which credentials an operation takes: alternatives, each a set of schemes (with scopes). */
export function Authorization({ requirements, page }: { requirements: SecurityRequirement[]; page: PageState }) {
  if (requirements.length === 0 || requirements.every((req) => Object.keys(req).length === 0)) {
    return <p className="fsr-c">None: this operation takes no API credentials.</p>
  }
  const alternatives = requirements.map((requirement, index) => {
    const parts = Object.entries(requirement).map(([name, scopes]) => {
      const scheme = page.schemes[name]
      const href = page.link(`#${anchors.security(name)}`)
      const scoped = scheme?.type === 'oauth2' || scheme?.type === 'openIdConnect'
      return (
        <>
          <a href={href}>{name}</a> <span className="fsr-c">{schemeKind(scheme)}</span>
          {scoped && (scopes.length > 0 ? <> with scope {codes(scopes, ' and ')}</> : ' (any scope)')}
        </>
      )
    })
    // biome-ignore lint/suspicious/noArrayIndexKey: alternatives in document order
    return <li key={index}>{joined(parts, ' and ')}</li>
  })
  return (
    <>
      <ul className="fsr-auth">{alternatives}</ul>
      {requirements.length > 1 && <p className="fsr-c">Any one of these is accepted.</p>}
    </>
  )
}

/** The security schemes, each in its own section (`#security/<name>`), flows and scopes included. */
export function SecuritySection({ page }: { page: PageState }) {
  const entries = Object.entries(page.schemes)
  if (entries.length === 0) return null
  const sections = entries.map(([name, scheme]) => (
    <SizedSection key={name} className="fsr-sec">
      <Heading level={3} id={anchors.security(name)} text={name} ctx={page.ctx} />
      <p className="fsr-c">{schemeKind(scheme)}</p>
      {markdown(scheme.description, page.ctx)}
      {Object.entries(scheme.flows ?? {}).map(([flowName, flow]) => {
        const scopes = Object.entries(flow.scopes ?? {})
        return [
          <p key={`${flowName}-flow`} className="fsr-c">
            Flow <code>{flowName}</code>
            {flow.authorizationUrl && (
              <>
                {' '}
                · authorization URL <code>{flow.authorizationUrl}</code>
              </>
            )}
            {flow.tokenUrl && (
              <>
                {' '}
                · token URL <code>{flow.tokenUrl}</code>
              </>
            )}
            {flow.refreshUrl && (
              <>
                {' '}
                · refresh URL <code>{flow.refreshUrl}</code>
              </>
            )}
          </p>,
          scopes.length > 0 && (
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region keyboards must reach
            <div key={`${flowName}-scopes`} className="fsr-tw" tabIndex={0}>
              <table>
                <thead>
                  <tr>
                    <th>Scope</th>
                    <th>Grants</th>
                  </tr>
                </thead>
                <tbody>
                  {scopes.map(([scope, text]) => (
                    <tr key={scope}>
                      <td>
                        <code>{scope}</code>
                      </td>
                      <td>{inlineMarkdown(text, page.ctx)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ),
        ]
      })}
    </SizedSection>
  ))
  const id = page.sectionId('Security schemes')
  return (
    <>
      <section className="fsr-tag">
        <Heading level={2} id={id} text="Security schemes" />
      </section>
      {sections}
    </>
  )
}
