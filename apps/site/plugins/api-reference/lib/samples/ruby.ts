import { type SampleRequest, sampleUrl } from './request.ts'
import { literal } from './values.ts'

const classes: Record<string, string> = {
  GET: 'Get',
  POST: 'Post',
  PUT: 'Put',
  DELETE: 'Delete',
  PATCH: 'Patch',
  HEAD: 'Head',
}

export function rubySample(request: SampleRequest): string {
  const { auth } = request
  const lines: string[] = []
  const json = request.body?.mediaType === 'application/json'
  if (json) lines.push("require 'json'")
  lines.push("require 'net/http'", '', `uri = URI(${JSON.stringify(sampleUrl(request))})`)
  if (auth.type === 'query') {
    lines.push(
      `uri.query = URI.encode_www_form(URI.decode_www_form(uri.query || '') << ['${auth.name}', ENV.fetch('${auth.env}')])`,
    )
  }
  lines.push(`request = Net::HTTP::${classes[request.method] ?? 'Get'}.new(uri)`)
  if (auth.type === 'basic')
    lines.push(`request.basic_auth(ENV.fetch('${auth.userEnv}'), ENV.fetch('${auth.passwordEnv}'))`)
  if (auth.type === 'bearer') lines.push(`request['Authorization'] = "Bearer #{ENV.fetch('${auth.tokenEnv}')}"`)
  if (auth.type === 'header') lines.push(`request['${auth.name}'] = ENV.fetch('${auth.env}')`)
  for (const [name, value] of request.headers) lines.push(`request[${JSON.stringify(name)}] = ${JSON.stringify(value)}`)
  if (json && request.body?.mediaType === 'application/json') {
    lines.push(
      "request['Content-Type'] = 'application/json'",
      `request.body = JSON.generate(${literal(request.body.json, 'ruby')})`,
    )
  } else if (request.body?.mediaType === 'application/x-www-form-urlencoded') {
    lines.push(`request.set_form_data(${literal(Object.fromEntries(request.body.form), 'ruby')})`)
  }
  lines.push(
    '',
    "response = Net::HTTP.start(uri.hostname, uri.port, use_ssl: uri.scheme == 'https') do |http|",
    '  http.request(request)',
    'end',
    'puts response.code',
    'puts response.body',
  )
  return lines.join('\n')
}
