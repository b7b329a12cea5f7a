import { anchors } from '../anchors.ts'
import { markdown } from '../markdown.ts'
import type { OperationInfo, PageState } from '../page-state.ts'
import { resolve } from '../refs.ts'
import { mergeParameters, sampleRequest, serverUrl } from '../samples/request.ts'
import { tryItData } from '../tryit-data.ts'
import type { RequestBody } from '../types.ts'
import { ParameterRows } from './parameters.tsx'
import { Badge, codes, Heading, isBeta, joined, MethodBadge, SizedSection } from './primitives.tsx'
import { Examples, Responses } from './responses.tsx'
import { Samples } from './samples.tsx'
import { SchemaUsage } from './schema-tree.tsx'
import { Authorization } from './security.tsx'

/** The server the code samples call: the one on the site's own origin, else the first. */
export function sampleServer<T extends { url: string }>(servers: readonly T[] | undefined, siteOrigin?: string) {
  const onSite = (url: string) => siteOrigin !== undefined && (url === siteOrigin || url.startsWith(`${siteOrigin}/`))
  return servers?.find((server) => onSite(server.url)) ?? servers?.[0]
}

function RequestBodyPart({ op, page }: { op: OperationInfo; page: PageState }) {
  const body = op.operation.requestBody ? resolve<RequestBody>(page.doc, op.operation.requestBody).value : undefined
  if (!body?.content) return null
  const media = Object.entries(body.content)
  const schemas = new Set(media.map(([, m]) => JSON.stringify(m.schema ?? null)))
  return (
    <>
      <h4>Request body</h4>
      <p className="fsr-c">
        {body.required && (
          <>
            <span className="fsr-f fsr-req">required</span>{' '}
          </>
        )}
        {codes(
          media.map(([type]) => type),
          ', ',
        )}
      </p>
      {markdown(body.description, page.ctx)}
      {media.map(([type, m], index) => [
        <p key={`${type}-type`} className="fsr-mt">
          <code>{type}</code>
        </p>,
        (index === 0 || schemas.size > 1) && <SchemaUsage key={`${type}-schema`} schema={m.schema} ctx={page.ctx} />,
        <Examples key={`${type}-examples`} media={m} open={false} ctx={page.ctx} />,
      ])}
    </>
  )
}

/** An operation (`#operation/<operationId>`): what it does and takes and answers, and its samples. */
export function OperationSection({ op, page }: { op: OperationInfo; page: PageState }) {
  const { operation } = op
  const { ctx, doc } = page
  const beta = page.input.beta || isBeta(operation)
  const parameters = mergeParameters(op.pathItem.parameters ?? [], operation.parameters ?? [], ctx)
  const servers = operation.servers ?? op.pathItem.servers ?? doc.servers
  const requirements = page.security(op)
  const request = sampleRequest({
    specId: page.input.specId,
    operationId: op.operationId,
    method: op.method,
    path: op.path,
    operation,
    pathParameters: op.pathItem.parameters ?? [],
    server: sampleServer(servers, page.input.siteOrigin),
    security: requirements,
    schemes: page.schemes,
    ctx,
  })
  page.sampleRequests.set(op.operationId, request)
  page.tryIt[op.operationId] = tryItData(page, op, parameters, servers ?? [], requirements)
  const pathOverride = operation.servers ?? op.pathItem.servers
  return (
    <SizedSection
      className={`fsr-op${operation.deprecated ? ' fsr-deprecated' : ''}`}
      data={{ 'data-op': op.operationId }}
    >
      <Heading level={3} id={anchors.operation(op.operationId)} text={operation.summary ?? op.operationId} ctx={ctx} />
      <div className="fsr-opmeta">
        <MethodBadge method={op.method} /> <code className="fsr-path">{op.path}</code>{' '}
        <span className="fsr-c fsr-opid" title="operationId">
          {op.operationId}
        </span>
        {operation.deprecated && (
          <>
            {' '}
            <Badge kind="deprecated" />
          </>
        )}
        {beta && (
          <>
            {' '}
            <Badge kind="beta" />
          </>
        )}
      </div>
      {pathOverride && (
        <p className="fsr-c">
          Server:{' '}
          {joined(
            pathOverride.map((server) => <code key={server.url}>{serverUrl(server)}</code>),
            ' or ',
          )}
        </p>
      )}
      <div className="fsr-opgrid">
        <div className="fsr-opmain">
          {markdown(operation.description, ctx)}
          <h4>Authorization</h4>
          <Authorization requirements={requirements} page={page} />
          {parameters.length > 0 && (
            <>
              <h4>Parameters</h4>
              <ParameterRows parameters={parameters} ctx={ctx} />
            </>
          )}
          <RequestBodyPart op={op} page={page} />
          <Responses op={op} page={page} />
        </div>
        <div className="fsr-side fsr-noindex">
          <Samples request={request} operationId={op.operationId} />
        </div>
      </div>
    </SizedSection>
  )
}
