import type { SampleRequest } from './request.ts'
import { literal } from './values.ts'

/**
 * Samples for the Fanshelf TypeScript SDK (`@fanshelf/sdk`, packages/sdk — issue "SDK, CLI and
 * examples"). The SDK does not exist yet; this file is the only place that knows its surface, so
 * adjust it here when the SDK lands. Assumed surface (openapi-fetch style, typed from the contracts):
 *
 *   createOpenApiClient({ baseUrl, auth })        // open-api.yaml
 *   createOpenApiBetaClient({ baseUrl, auth })    // open-api-beta.yaml
 *   createStorefrontClient({ baseUrl, storefrontToken })
 *   auth: { type: 'basic', username, password } | { type: 'bearer', accessToken }
 *   client.GET|POST|PUT|PATCH|DELETE(pathTemplate, { params: { path, query, header }, body })
 *     → resolves to the response body (undefined when there is none);
 *       rejects with FanshelfApiError { status, code, message, details } on a non-2xx answer.
 */

const factories: Record<string, string> = {
  'open-api': 'createOpenApiClient',
  'open-api-beta': 'createOpenApiBetaClient',
  'storefront-api': 'createStorefrontClient',
}

const env = (name: string) => `process.env.${name}!`

export function sdkSample(request: SampleRequest): string {
  const factory = factories[request.specId] ?? 'createOpenApiClient'
  const { auth } = request
  const options: string[] = [`baseUrl: '${request.baseUrl}',`]
  if (auth.type === 'basic')
    options.push(`auth: { type: 'basic', username: ${env(auth.userEnv)}, password: ${env(auth.passwordEnv)} },`)
  if (auth.type === 'bearer') options.push(`auth: { type: 'bearer', accessToken: ${env(auth.tokenEnv)} },`)
  if (auth.type === 'query' || auth.type === 'header') options.push(`storefrontToken: ${env(auth.env)},`)

  const params: Record<string, unknown> = {}
  if (request.pathParams.length > 0) params.path = Object.fromEntries(request.pathParams)
  if (request.query.length > 0) {
    const query: Record<string, unknown> = {}
    for (const [name, value] of request.query) {
      const existing = query[name]
      const typed = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value
      query[name] = existing === undefined ? typed : Array.isArray(existing) ? [...existing, typed] : [existing, typed]
    }
    params.query = query
  }
  if (request.headers.length > 0) params.header = Object.fromEntries(request.headers)
  const init: Record<string, unknown> = {}
  if (Object.keys(params).length > 0) init.params = params
  if (request.body?.mediaType === 'application/json') init.body = request.body.json
  if (request.body?.mediaType === 'application/x-www-form-urlencoded') init.body = Object.fromEntries(request.body.form)

  const args = [`'${request.pathTemplate}'`]
  if (Object.keys(init).length > 0) args.push(literal(init, 'javascript'))
  const call = `fanshelf.${request.method}(${args.join(', ')})`
  const client = `const fanshelf = ${factory}({\n  ${options.join('\n  ')}\n})`
  const result = request.responseHasBody
    ? [`const ${request.resultName} = await ${call}`, `console.log(${request.resultName})`]
    : [`await ${call}`]
  return [`import { ${factory} } from '@fanshelf/sdk'`, '', client, '', ...result].join('\n')
}
