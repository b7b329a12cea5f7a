import { type SampleRequest, sampleUrl } from './request.ts'
import { literal } from './values.ts'

const env = (name: string) => `process.env.${name}`

export function javascriptSample(request: SampleRequest): string {
  const { auth } = request
  const url = sampleUrl(request)
  const urlExpression =
    auth.type === 'query'
      ? `\`${url}${url.includes('?') ? '&' : '?'}${auth.name}=\${encodeURIComponent(${env(auth.env)})}\``
      : `'${url}'`
  const headers: string[] = []
  if (auth.type === 'basic') {
    headers.push(`Authorization: \`Basic \${btoa(\`\${${env(auth.userEnv)}}:\${${env(auth.passwordEnv)}}\`)}\`,`)
  }
  if (auth.type === 'bearer') headers.push(`Authorization: \`Bearer \${${env(auth.tokenEnv)}}\`,`)
  if (auth.type === 'header') headers.push(`'${auth.name}': ${env(auth.env)},`)
  for (const [name, value] of request.headers) headers.push(`'${name}': '${value}',`)
  const init: string[] = []
  if (request.method !== 'GET') init.push(`method: '${request.method}',`)
  const body = request.body
  if (body?.mediaType === 'application/json') headers.push(`'Content-Type': 'application/json',`)
  if (headers.length > 0) init.push(`headers: {\n    ${headers.join('\n    ')}\n  },`)
  if (body?.mediaType === 'application/json')
    init.push(`body: JSON.stringify(${literal(body.json, 'javascript', '  ')}),`)
  if (body?.mediaType === 'application/x-www-form-urlencoded') {
    init.push(`body: new URLSearchParams(${literal(Object.fromEntries(body.form), 'javascript', '  ')}),`)
  }
  const call = init.length > 0 ? `fetch(${urlExpression}, {\n  ${init.join('\n  ')}\n})` : `fetch(${urlExpression})`
  const lines = [
    `const response = await ${call}`,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: generated JavaScript, not a template here
    'if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`)',
  ]
  if (request.responseHasBody)
    lines.push(`const ${request.resultName} = await response.json()`, `console.log(${request.resultName})`)
  else lines.push('console.log(response.status)')
  return lines.join('\n')
}
