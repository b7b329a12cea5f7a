/**
 * The subset of OpenAPI 3.1 the renderer reads. Everything is optional and loosely typed on
 * purpose: the documents are validated elsewhere (openapi/contract.*.test.ts); the renderer must
 * not crash on a field it does not know, it just ignores it.
 */

export interface Reference {
  $ref: string
  summary?: string
  description?: string
}

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

export interface Schema {
  $ref?: string
  title?: string
  description?: string
  type?: string | string[]
  format?: string
  enum?: unknown[]
  const?: unknown
  default?: unknown
  example?: unknown
  examples?: unknown[]
  nullable?: boolean
  deprecated?: boolean
  readOnly?: boolean
  writeOnly?: boolean
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean | Schema
  patternProperties?: Record<string, Schema>
  propertyNames?: Schema
  items?: Schema
  prefixItems?: Schema[]
  minItems?: number
  maxItems?: number
  uniqueItems?: boolean
  minProperties?: number
  maxProperties?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number | boolean
  exclusiveMaximum?: number | boolean
  multipleOf?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  contentMediaType?: string
  oneOf?: Schema[]
  anyOf?: Schema[]
  allOf?: Schema[]
  not?: Schema
  discriminator?: { propertyName: string; mapping?: Record<string, string> }
  'x-beta'?: boolean
  [extension: `x-${string}`]: unknown
}

export interface Example {
  summary?: string
  description?: string
  value?: unknown
  externalValue?: string
}

export interface MediaType {
  schema?: Schema
  example?: unknown
  examples?: Record<string, Example | Reference>
}

export interface Header {
  description?: string
  required?: boolean
  deprecated?: boolean
  schema?: Schema
  example?: unknown
}

export interface Parameter {
  name: string
  in: 'query' | 'path' | 'header' | 'cookie'
  description?: string
  required?: boolean
  deprecated?: boolean
  style?: string
  explode?: boolean
  schema?: Schema
  example?: unknown
  examples?: Record<string, Example | Reference>
}

export interface RequestBody {
  description?: string
  required?: boolean
  content?: Record<string, MediaType>
}

export interface Response {
  description?: string
  headers?: Record<string, Header | Reference>
  content?: Record<string, MediaType>
}

export type SecurityRequirement = Record<string, string[]>

export interface Operation {
  operationId?: string
  summary?: string
  description?: string
  tags?: string[]
  deprecated?: boolean
  security?: SecurityRequirement[]
  parameters?: Array<Parameter | Reference>
  requestBody?: RequestBody | Reference
  responses?: Record<string, Response | Reference>
  servers?: Server[]
  'x-beta'?: boolean
  [extension: `x-${string}`]: unknown
}

export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const
export type HttpMethod = (typeof httpMethods)[number]

export type PathItem = Partial<Record<HttpMethod, Operation>> & {
  $ref?: string
  summary?: string
  description?: string
  servers?: Server[]
  parameters?: Array<Parameter | Reference>
}

export interface Server {
  url: string
  description?: string
  variables?: Record<string, { default: string; enum?: string[]; description?: string }>
}

export interface OAuthFlow {
  authorizationUrl?: string
  tokenUrl?: string
  refreshUrl?: string
  scopes?: Record<string, string>
}

export interface SecurityScheme {
  type: 'apiKey' | 'http' | 'oauth2' | 'openIdConnect' | 'mutualTLS'
  description?: string
  name?: string
  in?: 'query' | 'header' | 'cookie'
  scheme?: string
  bearerFormat?: string
  flows?: Record<string, OAuthFlow>
  openIdConnectUrl?: string
}

export interface Tag {
  name: string
  description?: string
  'x-displayName'?: string
}

export interface OpenApiDocument {
  openapi: string
  info: {
    title: string
    version: string
    summary?: string
    description?: string
    license?: { name: string; identifier?: string; url?: string }
  }
  servers?: Server[]
  tags?: Tag[]
  'x-tagGroups'?: Array<{ name: string; tags: string[] }>
  security?: SecurityRequirement[]
  paths?: Record<string, PathItem>
  webhooks?: Record<string, PathItem>
  components?: {
    schemas?: Record<string, Schema>
    parameters?: Record<string, Parameter | Reference>
    headers?: Record<string, Header | Reference>
    responses?: Record<string, Response | Reference>
    requestBodies?: Record<string, RequestBody | Reference>
    examples?: Record<string, Example | Reference>
    securitySchemes?: Record<string, SecurityScheme | Reference>
  }
}
