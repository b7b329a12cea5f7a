/** What the try-it console knows about an operation (built at build time, loaded on demand). */

export interface TryItParameter {
  name: string
  in: 'query' | 'path' | 'header' | 'cookie'
  required: boolean
  type: string
  description?: string
  enum?: string[]
  array: boolean
  example: string
}

export interface TryItSecurity {
  scheme: string
  kind: 'basic' | 'bearer' | 'query' | 'header'
  name?: string
  scopes: string[]
}

export interface TryItOperation {
  operationId: string
  summary: string
  method: string
  path: string
  /** Server base path used against the site's origin by default, e.g. `/open-api/v1.0`. */
  basePath: string
  /** Documented server URLs (variables at their defaults). */
  servers: string[]
  parameters: TryItParameter[]
  body?: { mediaType: string; example: string; required: boolean }
  /** Alternatives (any one suffices); empty when the operation takes no credentials. */
  security: TryItSecurity[][]
}
