import { type SampleRequest, sampleUrl } from './request.ts'

function single(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`
}

export function curlSample(request: SampleRequest): string {
  let url = sampleUrl(request)
  const { auth } = request
  if (auth.type === 'query') url += `${url.includes('?') ? '&' : '?'}${auth.name}=$${auth.env}`
  const lines: string[] = [
    `curl${request.method === 'GET' ? '' : ` -X ${request.method}`} ${auth.type === 'query' ? `"${url}"` : single(url)}`,
  ]
  if (auth.type === 'basic') lines.push(`-u "$${auth.userEnv}:$${auth.passwordEnv}"`)
  if (auth.type === 'bearer') lines.push(`-H "Authorization: Bearer $${auth.tokenEnv}"`)
  if (auth.type === 'header') lines.push(`-H "${auth.name}: $${auth.env}"`)
  for (const [name, value] of request.headers) lines.push(`-H ${single(`${name}: ${value}`)}`)
  const body = request.body
  if (body?.mediaType === 'application/json') {
    lines.push(`-H 'Content-Type: application/json'`)
    lines.push(`-d ${single(JSON.stringify(body.json, null, 2))}`)
  } else if (body) {
    for (const [name, value] of body.form) lines.push(`--data-urlencode ${single(`${name}=${value}`)}`)
  }
  return lines.join(' \\\n  ')
}
