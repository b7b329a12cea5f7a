import { bodyArgument, type McpTool } from './mcp-tools.js'

/**
 * A tool call as the REST request it stands for (decision 0051): the same request a REST client
 * would send, so that authentication, scopes, validation, rate limits, tenant isolation and
 * serialization are the REST operation's own. `/mcp` sends it in process, `fanshelf mcp` over HTTP.
 */

export interface RestCall {
  method: string
  /** Path and query, e.g. `/open-api/v1.0/order/ord_1?limit=5`. */
  url: string
  /** The tool's header parameters (`Idempotency-Key`); the caller adds `Authorization`. */
  headers: Record<string, string>
  /** The JSON body, serialized. */
  body?: string
}

export interface RestAnswer {
  status: number
  contentType: string | undefined
  body: string
}

/** Arguments the contract cannot carry: the REST API would never see them, so the call is refused. */
export class ToolArgumentError extends Error {}

function text(name: string, value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  throw new ToolArgumentError(`Argument "${name}" must be a string, number or boolean.`)
}

export function toRestCall(tool: McpTool, args: Record<string, unknown> = {}): RestCall {
  const { operation } = tool
  const known = new Set([...operation.parameters.map((p) => p.name), ...(operation.requestBody ? [bodyArgument] : [])])
  const unknown = Object.keys(args).filter((name) => !known.has(name))
  if (unknown.length > 0) {
    throw new ToolArgumentError(`${tool.name} has no argument ${unknown.map((name) => `"${name}"`).join(', ')}.`)
  }
  const url = operation.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = args[name]
    if (value === undefined || value === '') throw new ToolArgumentError(`Argument "${name}" is required.`)
    return encodeURIComponent(text(name, value))
  })
  const query = new URLSearchParams()
  const headers: Record<string, string> = {}
  for (const parameter of operation.parameters) {
    const value = args[parameter.name]
    if (value === undefined || value === null) continue
    if (parameter.in === 'query') {
      for (const item of Array.isArray(value) ? value : [value])
        query.append(parameter.name, text(parameter.name, item))
    } else if (parameter.in === 'header') {
      headers[parameter.name.toLowerCase()] = text(parameter.name, value)
    }
  }
  const search = query.toString()
  const body = args[bodyArgument]
  return {
    method: operation.method,
    url: search ? `${url}?${search}` : url,
    headers,
    ...(body === undefined || !operation.requestBody ? {} : { body: JSON.stringify(body) }),
  }
}
