import { anchors } from '../anchors.ts'
import { inlineMarkdown, markdown } from '../markdown.ts'
import type { PageState } from '../page-state.ts'
import { resolve } from '../refs.ts'
import type { Operation, Parameter, RequestBody, Response } from '../types.ts'
import { ParameterRows } from './parameters.tsx'
import { Badge, Heading, isBeta, MethodBadge, SizedSection, StatusBadge } from './primitives.tsx'
import { Examples } from './responses.tsx'
import { SchemaUsage } from './schema-tree.tsx'

/** A webhook event (`#event/<TYPE>`): delivery headers, the envelope with its payload, the expected answer. */
export function EventSection({ type, operation, page }: { type: string; operation: Operation; page: PageState }) {
  const { ctx, doc } = page
  const parameters = (operation.parameters ?? []).map((p) => resolve<Parameter>(doc, p).value)
  const body = operation.requestBody ? resolve<RequestBody>(doc, operation.requestBody).value : undefined
  const media = body?.content ? Object.entries(body.content)[0] : undefined
  const responses = Object.entries(operation.responses ?? {})
  return (
    <SizedSection className="fsr-op fsr-ev" data={{ 'data-event': type }}>
      <Heading level={3} id={anchors.event(type)} text={operation.summary ?? type} ctx={ctx} />
      <div className="fsr-opmeta">
        <MethodBadge method="post" /> <code className="fsr-path">{type}</code>{' '}
        <span className="fsr-c">to your endpoint</span>
        {isBeta(operation) && (
          <>
            {' '}
            <Badge kind="beta" />
          </>
        )}
        {operation.deprecated && (
          <>
            {' '}
            <Badge kind="deprecated" />
          </>
        )}
      </div>
      {markdown(operation.description, ctx)}
      {parameters.length > 0 && (
        <>
          <h4>Delivery headers</h4>
          <ParameterRows parameters={parameters} ctx={ctx} />
        </>
      )}
      {media && (
        <>
          <h4>Envelope and payload</h4>
          <p className="fsr-mt">
            <code>{media[0]}</code>
          </p>
          <SchemaUsage schema={media[1].schema} ctx={ctx} expandData />
          <h4>Example</h4>
          <Examples media={media[1]} open ctx={ctx} />
        </>
      )}
      {responses.length > 0 && (
        <>
          <h4>Your answer</h4>
          <ul className="fsr-answers">
            {responses.map(([status, value]) => (
              <li key={status}>
                <StatusBadge status={status} /> {inlineMarkdown(resolve<Response>(doc, value).value.description, ctx)}
              </li>
            ))}
          </ul>
        </>
      )}
    </SizedSection>
  )
}
