import { mediaTypeExamples, parameterExample } from '../examples.ts'
import { resolve, schemaRefName } from '../refs.ts'
import { deref, mergeAllOf, type SchemaContext } from '../schema.ts'
import type { Operation, Parameter, Reference, RequestBody, Response, SecurityScheme, Server } from '../types.ts'

/**
 * What a code sample sends, derived once per operation from the contract and handed to every
 * language generator: the URL with example path parameters, the required query parameters, the
 * credentials (as environment variables — never a real secret in a sample) and the example body.
 */

export type SampleAuth =
  | { type: 'basic'; userEnv: string; passwordEnv: string }
  | { type: 'bearer'; tokenEnv: string }
  | { type: 'query'; name: string; env: string }
  | { type: 'header'; name: string; env: string }
  | { type: 'none' }

export type SampleBody =
  | { mediaType: 'application/json'; json: unknown }
  | { mediaType: 'application/x-www-form-urlencoded'; form: Array<[string, string]> }

export interface SampleRequest {
  specId: string
  operationId: string
  method: string
  /** Server URL with variables at their defaults, e.g. `https://api.fanshelf.dev/open-api/v1.0`. */
  baseUrl: string
  /** Path template, e.g. `/order/{orderId}`. */
  pathTemplate: string
  pathParams: Array<[string, string]>
  /** Path with example values, URL-encoded. */
  path: string
  /** Query parameters (name, value), repeated names for exploded arrays; credentials excluded. */
  query: Array<[string, string]>
  /** Names of query parameters whose schema is an array. */
  arrayParams: string[]
  /** Component name of the success response's schema, if it is a named schema. */
  responseSchema?: string
  headers: Array<[string, string]>
  auth: SampleAuth
  body?: SampleBody
  /** The success response has a body (JSON). */
  responseHasBody: boolean
  /** A name for the result variable: the response schema in camelCase (`orderPage`), else `result`. */
  resultName: string
}

export const credentialEnv = {
  user: 'FANSHELF_API_USER',
  password: 'FANSHELF_API_PASSWORD',
  accessToken: 'FANSHELF_ACCESS_TOKEN',
  storefrontToken: 'FANSHELF_STOREFRONT_TOKEN',
} as const

export function serverUrl(server: Server | undefined): string {
  if (!server) return ''
  return server.url.replace(/\{([^}]+)\}/g, (_, name: string) => server.variables?.[name]?.default ?? name)
}

function stringValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

export function sampleAuth(security: Operation['security'], schemes: Record<string, SecurityScheme>): SampleAuth {
  const requirement = security?.[0]
  if (!requirement) return { type: 'none' }
  for (const name of Object.keys(requirement)) {
    const scheme = schemes[name]
    if (!scheme) continue
    if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') {
      return { type: 'basic', userEnv: credentialEnv.user, passwordEnv: credentialEnv.password }
    }
    if (
      scheme.type === 'oauth2' ||
      scheme.type === 'openIdConnect' ||
      (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer')
    ) {
      return { type: 'bearer', tokenEnv: credentialEnv.accessToken }
    }
    if (scheme.type === 'apiKey' && scheme.name && (scheme.in === 'query' || scheme.in === 'header')) {
      const env = /storefront/i.test(scheme.name)
        ? credentialEnv.storefrontToken
        : `FANSHELF_${scheme.name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`
      return { type: scheme.in, name: scheme.name, env }
    }
  }
  return { type: 'none' }
}

function resultName(operationId: string, responseSchema: string | undefined): string {
  if (responseSchema && /^[A-Za-z]\w*$/.test(responseSchema))
    return responseSchema.charAt(0).toLowerCase() + responseSchema.slice(1)
  const noun = /^(?:get|list|create)([A-Z]\w*)$/.exec(operationId)?.[1]
  if (!noun || noun.startsWith('OrCreate')) return 'result'
  return noun.charAt(0).toLowerCase() + noun.slice(1)
}

export interface SampleInput {
  specId: string
  operationId: string
  method: string
  path: string
  operation: Operation
  pathParameters: Array<Parameter | Reference>
  server: Server | undefined
  security: Operation['security']
  schemes: Record<string, SecurityScheme>
  ctx: SchemaContext
}

export function sampleRequest(input: SampleInput): SampleRequest {
  const { ctx, operation } = input
  const method = input.method.toUpperCase()
  const parameters = mergeParameters(input.pathParameters, operation.parameters ?? [], ctx)
  const auth = sampleAuth(input.security, input.schemes)
  const pathParams: Array<[string, string]> = []
  const query: Array<[string, string]> = []
  const arrayParams: string[] = []
  const headers: Array<[string, string]> = []
  for (const parameter of parameters) {
    if (auth.type === 'query' && parameter.in === 'query' && parameter.name === auth.name) continue
    const example = parameterExample(parameter, ctx)
    if (parameter.in === 'path') pathParams.push([parameter.name, stringValue(example)])
    const schema = parameter.schema ? mergeAllOf(deref(parameter.schema, ctx), ctx) : undefined
    const isArray = schema?.type === 'array' || (Array.isArray(schema?.type) && schema.type.includes('array'))
    if (parameter.in === 'query' && isArray) arrayParams.push(parameter.name)
    if (parameter.in === 'query' && parameter.required) {
      if (Array.isArray(example) && parameter.explode !== false) {
        for (const item of example) query.push([parameter.name, stringValue(item)])
      } else
        query.push([parameter.name, Array.isArray(example) ? example.map(stringValue).join(',') : stringValue(example)])
    }
    if (parameter.in === 'header' && parameter.required) headers.push([parameter.name, stringValue(example)])
  }
  const path = input.path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value = pathParams.find(([param]) => param === name)?.[1]
    return value === undefined ? whole : encodeURIComponent(value)
  })

  let body: SampleBody | undefined
  const requestBody = operation.requestBody ? resolve<RequestBody>(ctx.doc, operation.requestBody).value : undefined
  if (requestBody?.content) {
    const json = Object.entries(requestBody.content).find(([type]) => /json/.test(type))
    const form = requestBody.content['application/x-www-form-urlencoded']
    if (json) {
      body = { mediaType: 'application/json', json: mediaTypeExamples(json[1], ctx)[0]?.value ?? {} }
    } else if (form) {
      const value = mediaTypeExamples(form, ctx)[0]?.value
      const pairs = typeof value === 'object' && value !== null ? Object.entries(value) : []
      body = {
        mediaType: 'application/x-www-form-urlencoded',
        form: pairs.map(([key, item]) => [key, stringValue(item)]),
      }
    }
  }

  const success = Object.entries(operation.responses ?? {}).find(([status]) => /^2/.test(status))
  const successResponse = success ? resolve<Response>(ctx.doc, success[1]).value : undefined
  const responseHasBody = Boolean(successResponse?.content && Object.keys(successResponse.content).length > 0)
  const successJson = Object.entries(successResponse?.content ?? {}).find(([type]) => /json/.test(type))?.[1]
  const responseSchema = schemaRefName(successJson?.schema)

  return {
    specId: input.specId,
    operationId: input.operationId,
    method,
    baseUrl: serverUrl(input.server).replace(/\/$/, ''),
    pathTemplate: input.path,
    pathParams,
    path,
    query,
    arrayParams,
    ...(responseSchema ? { responseSchema } : {}),
    headers,
    auth,
    ...(body ? { body } : {}),
    responseHasBody,
    resultName: resultName(input.operationId, responseSchema),
  }
}

/** Path-item parameters overridden by operation parameters of the same name and location. */
export function mergeParameters(
  pathLevel: Array<Parameter | Reference>,
  operationLevel: Array<Parameter | Reference>,
  ctx: SchemaContext,
): Parameter[] {
  const byKey = new Map<string, Parameter>()
  for (const parameter of [...pathLevel, ...operationLevel]) {
    const resolved = resolve<Parameter>(ctx.doc, parameter).value
    byKey.set(`${resolved.in}:${resolved.name}`, resolved)
  }
  return [...byKey.values()]
}

/** The full URL: base + path + query (credentials in the query are added by each language). */
export function sampleUrl(request: SampleRequest): string {
  const search = new URLSearchParams(request.query).toString()
  return `${request.baseUrl}${request.path}${search ? `?${search}` : ''}`
}
