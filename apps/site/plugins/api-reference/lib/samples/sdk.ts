import type { SampleRequest } from './request.ts'
import { literal } from './values.ts'

/**
 * Samples for the Fanshelf TypeScript SDK (`@fanshelf/sdk`, packages/sdk). This file is the only
 * place that knows the SDK's surface; it follows "Rules for generated samples" in
 * packages/sdk/README.md:
 *
 * 1. `createOpenApiClient` (open API and its beta operations) or `createStorefrontClient`.
 * 2. `baseUrl` is the server's host without the API prefix. Auth: none for `security: []`;
 *    `{ username, password }` from FANSHELF_API_USER / FANSHELF_API_PASSWORD when basic auth is
 *    accepted; `{ accessToken }` from FANSHELF_ACCESS_TOKEN for bearer-only operations; the
 *    storefront token from FANSHELF_STOREFRONT_TOKEN (the README shows a literal example token; the
 *    environment variable keeps every language's sample alike and runnable).
 * 3. `await client.<operationId>({ path, query, body, headers })` with the contract's examples,
 *    absent keys left out, no argument when it would be `{}`; array query parameters as arrays.
 *    The result is named after the response schema in camelCase; no assignment without a body.
 */

const env = (name: string) => `process.env.${name}!`

function typed(value: string): string | number {
  return /^-?\d+(\.\d+)?$/.test(value) && !/^0\d/.test(value) ? Number(value) : value
}

export function sdkSample(request: SampleRequest): string {
  const storefront = request.specId === 'storefront-api'
  const factory = storefront ? 'createStorefrontClient' : 'createOpenApiClient'
  const client = storefront ? 'storefront' : 'client'
  let baseUrl = request.baseUrl
  try {
    baseUrl = new URL(request.baseUrl).origin
  } catch {
    // a relative server URL: keep it as documented
  }
  const { auth } = request
  const options: string[] = [`baseUrl: '${baseUrl}',`]
  if (auth.type === 'basic')
    options.push(`auth: { username: ${env(auth.userEnv)}, password: ${env(auth.passwordEnv)} },`)
  if (auth.type === 'bearer') options.push(`auth: { accessToken: ${env(auth.tokenEnv)} },`)
  if (auth.type === 'query' || auth.type === 'header') options.push(`storefrontToken: ${env(auth.env)},`)

  const args: Record<string, unknown> = {}
  if (request.pathParams.length > 0) args.path = Object.fromEntries(request.pathParams)
  if (request.query.length > 0) {
    const query: Record<string, unknown> = {}
    for (const [name, value] of request.query) {
      if (request.arrayParams.includes(name))
        query[name] = [...((query[name] as unknown[] | undefined) ?? []), typed(value)]
      else query[name] = typed(value)
    }
    args.query = query
  }
  if (request.body?.mediaType === 'application/json') args.body = request.body.json
  if (request.body?.mediaType === 'application/x-www-form-urlencoded') args.body = Object.fromEntries(request.body.form)
  if (request.headers.length > 0) args.headers = Object.fromEntries(request.headers)

  const call = `${client}.${request.operationId}(${Object.keys(args).length > 0 ? literal(args, 'javascript') : ''})`
  const result = request.responseHasBody
    ? [`const ${request.resultName} = await ${call}`, `console.log(${request.resultName})`]
    : [`await ${call}`]
  return [
    `import { ${factory} } from '@fanshelf/sdk'`,
    '',
    `const ${client} = ${factory}({\n  ${options.join('\n  ')}\n})`,
    '',
    ...result,
  ].join('\n')
}
