import { plainType } from './components/schema-facts.tsx'
import { mediaTypeExamples } from './examples.ts'
import type { OperationInfo, PageState } from './page-state.ts'
import { resolve } from './refs.ts'
import { serverUrl } from './samples/request.ts'
import { deref, mergeAllOf } from './schema.ts'
import type { TryItOperation, TryItParameter, TryItSecurity } from './tryit-types.ts'
import type { Operation, Parameter, RequestBody, SecurityRequirement } from './types.ts'

/** What the try-it console needs of an operation (the page's data chunk, theme/TryIt). */
export function tryItData(
  page: PageState,
  op: OperationInfo,
  parameters: Parameter[],
  servers: NonNullable<Operation['servers']>,
  requirements: SecurityRequirement[],
): TryItOperation {
  const ctx = page.ctx
  const serverUrls = servers.map((server) => serverUrl(server).replace(/\/$/, ''))
  const first = serverUrls[0] ?? ''
  let basePath = ''
  try {
    basePath = new URL(first).pathname.replace(/\/$/, '')
  } catch {
    basePath = first.startsWith('/') ? first : ''
  }
  const params: TryItParameter[] = parameters.map((parameter) => {
    const schema = parameter.schema ? mergeAllOf(deref(parameter.schema, ctx), ctx) : {}
    const isArray = schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))
    const itemSchema = isArray && schema.items ? mergeAllOf(deref(schema.items, ctx), ctx) : schema
    const example = parameter.example ?? schema.default
    const exampleText =
      example === undefined
        ? ''
        : Array.isArray(example)
          ? example.map(String).join(',')
          : typeof example === 'string'
            ? example
            : JSON.stringify(example)
    return {
      name: parameter.name,
      in: parameter.in,
      required: parameter.required ?? false,
      type: plainType(parameter.schema, ctx),
      ...(parameter.description ? { description: parameter.description.split('\n')[0] ?? '' } : {}),
      ...(itemSchema.enum ? { enum: itemSchema.enum.map(String) } : {}),
      array: isArray,
      example: exampleText,
    }
  })
  const body = op.operation.requestBody ? resolve<RequestBody>(page.doc, op.operation.requestBody).value : undefined
  let bodyData: TryItOperation['body']
  if (body?.content) {
    const [mediaType, media] =
      Object.entries(body.content).find(([type]) => /json/.test(type)) ?? Object.entries(body.content)[0] ?? []
    if (mediaType && media) {
      const value = mediaTypeExamples(media, ctx)[0]?.value
      const example = /json/.test(mediaType)
        ? JSON.stringify(value ?? {}, null, 2)
        : new URLSearchParams(
            Object.entries((value as Record<string, string>) ?? {}).map(([k, v]) => [k, String(v)]),
          ).toString()
      bodyData = { mediaType, example, required: body.required ?? false }
    }
  }
  const security: TryItSecurity[][] = requirements
    .filter((requirement) => Object.keys(requirement).length > 0)
    .map((requirement) =>
      Object.entries(requirement).flatMap(([name, scopes]): TryItSecurity[] => {
        const scheme = page.schemes[name]
        if (!scheme) return []
        if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic')
          return [{ scheme: name, kind: 'basic', scopes }]
        if (scheme.type === 'apiKey' && (scheme.in === 'query' || scheme.in === 'header')) {
          return [{ scheme: name, kind: scheme.in, ...(scheme.name ? { name: scheme.name } : {}), scopes }]
        }
        return [{ scheme: name, kind: 'bearer', scopes }]
      }),
    )
  return {
    operationId: op.operationId,
    summary: op.operation.summary ?? op.operationId,
    method: op.method.toUpperCase(),
    path: op.path,
    basePath,
    servers: serverUrls,
    parameters: params,
    ...(bodyData ? { body: bodyData } : {}),
    security,
  }
}
