import type { SampleRequest } from './request.ts'
import { literal } from './values.ts'

export function pythonSample(request: SampleRequest): string {
  const { auth } = request
  const args: string[] = [JSON.stringify(`${request.baseUrl}${request.path}`)]
  const params: Record<string, unknown> = {}
  for (const [name, value] of request.query) {
    const existing = params[name]
    params[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value]
  }
  const paramsLines = Object.entries(params).map(
    ([name, value]) => `${JSON.stringify(name)}: ${literal(value, 'python', '        ', '    ')},`,
  )
  if (auth.type === 'query') paramsLines.push(`${JSON.stringify(auth.name)}: os.environ["${auth.env}"],`)
  if (paramsLines.length > 0) args.push(`params={\n        ${paramsLines.join('\n        ')}\n    }`)
  const headers: string[] = request.headers.map(([name, value]) => `${JSON.stringify(name)}: ${JSON.stringify(value)},`)
  if (auth.type === 'bearer') headers.unshift(`"Authorization": f"Bearer {os.environ['${auth.tokenEnv}']}",`)
  if (auth.type === 'header') headers.unshift(`${JSON.stringify(auth.name)}: os.environ["${auth.env}"],`)
  if (headers.length > 0) args.push(`headers={\n        ${headers.join('\n        ')}\n    }`)
  if (auth.type === 'basic') args.push(`auth=(os.environ["${auth.userEnv}"], os.environ["${auth.passwordEnv}"])`)
  if (request.body?.mediaType === 'application/json')
    args.push(`json=${literal(request.body.json, 'python', '    ', '    ')}`)
  if (request.body?.mediaType === 'application/x-www-form-urlencoded') {
    args.push(`data=${literal(Object.fromEntries(request.body.form), 'python', '    ', '    ')}`)
  }
  args.push('timeout=30')
  const usesOs = auth.type !== 'none'
  const lines = [
    ...(usesOs ? ['import os', ''] : []),
    'import requests',
    '',
    `response = requests.${request.method.toLowerCase()}(\n    ${args.join(',\n    ')},\n)`,
    'response.raise_for_status()',
    request.responseHasBody ? 'print(response.json())' : 'print(response.status_code)',
  ]
  return lines.join('\n')
}
