import { type SampleRequest, sampleUrl } from './request.ts'
import { literal } from './values.ts'

function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
}

export function phpSample(request: SampleRequest): string {
  const { auth } = request
  const url = sampleUrl(request)
  const urlExpression =
    auth.type === 'query'
      ? `${quote(`${url}${url.includes('?') ? '&' : '?'}${auth.name}=`)} . urlencode(getenv('${auth.env}'))`
      : quote(url)
  const options: string[] = ['CURLOPT_RETURNTRANSFER => true,']
  if (request.method !== 'GET') options.push(`CURLOPT_CUSTOMREQUEST => '${request.method}',`)
  if (auth.type === 'basic')
    options.push(`CURLOPT_USERPWD => getenv('${auth.userEnv}') . ':' . getenv('${auth.passwordEnv}'),`)
  const headers: string[] = []
  if (auth.type === 'bearer') headers.push(`'Authorization: Bearer ' . getenv('${auth.tokenEnv}'),`)
  if (auth.type === 'header') headers.push(`${quote(`${auth.name}: `)} . getenv('${auth.env}'),`)
  for (const [name, value] of request.headers) headers.push(`${quote(`${name}: ${value}`)},`)
  if (request.body?.mediaType === 'application/json') headers.push(`'Content-Type: application/json',`)
  if (headers.length > 0) options.push(`CURLOPT_HTTPHEADER => [\n        ${headers.join('\n        ')}\n    ],`)
  if (request.body?.mediaType === 'application/json') {
    options.push(`CURLOPT_POSTFIELDS => json_encode(${literal(request.body.json, 'php', '    ', '    ')}),`)
  } else if (request.body) {
    options.push(
      `CURLOPT_POSTFIELDS => http_build_query(${literal(Object.fromEntries(request.body.form), 'php', '    ', '    ')}),`,
    )
  }
  return [
    '<?php',
    '',
    `$ch = curl_init(${urlExpression});`,
    `curl_setopt_array($ch, [\n    ${options.join('\n    ')}\n]);`,
    '$body = curl_exec($ch);',
    '$status = curl_getinfo($ch, CURLINFO_RESPONSE_CODE);',
    '',
    'echo $status, PHP_EOL, $body, PHP_EOL;',
  ].join('\n')
}
