import { type SampleRequest, sampleUrl } from './request.ts'

function goString(text: string): string {
  return JSON.stringify(text)
}

export function goSample(request: SampleRequest): string {
  const { auth } = request
  const imports = new Set(['fmt', 'io', 'net/http', 'os'])
  const url = sampleUrl(request)
  let urlExpression = goString(url)
  if (auth.type === 'query') {
    imports.add('net/url')
    urlExpression = `${goString(`${url}${url.includes('?') ? '&' : '?'}${auth.name}=`)}+url.QueryEscape(os.Getenv("${auth.env}"))`
  }
  if (auth.type === 'none' && request.headers.length === 0) imports.delete('os')
  const body: string[] = []
  let bodyArg = 'nil'
  if (request.body?.mediaType === 'application/json') {
    imports.add('strings')
    body.push(`\tbody := strings.NewReader(\`${JSON.stringify(request.body.json, null, 2)}\`)`)
    bodyArg = 'body'
  } else if (request.body) {
    imports.add('strings')
    if (auth.type !== 'query') imports.add('net/url')
    const fields = request.body.form.map(([name, value]) => `\t\t${goString(name)}: {${goString(value)}},`).join('\n')
    body.push(`\tform := url.Values{\n${fields}\n\t}`, '\tbody := strings.NewReader(form.Encode())')
    bodyArg = 'body'
  }
  const setup: string[] = []
  if (auth.type === 'basic')
    setup.push(`\treq.SetBasicAuth(os.Getenv("${auth.userEnv}"), os.Getenv("${auth.passwordEnv}"))`)
  if (auth.type === 'bearer') setup.push(`\treq.Header.Set("Authorization", "Bearer "+os.Getenv("${auth.tokenEnv}"))`)
  if (auth.type === 'header') setup.push(`\treq.Header.Set(${goString(auth.name)}, os.Getenv("${auth.env}"))`)
  for (const [name, value] of request.headers) setup.push(`\treq.Header.Set(${goString(name)}, ${goString(value)})`)
  if (request.body?.mediaType === 'application/json') setup.push('\treq.Header.Set("Content-Type", "application/json")')
  if (request.body?.mediaType === 'application/x-www-form-urlencoded') {
    setup.push('\treq.Header.Set("Content-Type", "application/x-www-form-urlencoded")')
  }
  const methodConstant = {
    GET: 'MethodGet',
    POST: 'MethodPost',
    PUT: 'MethodPut',
    DELETE: 'MethodDelete',
    PATCH: 'MethodPatch',
  }[request.method]
  const sortedImports = [...imports].sort()
  return [
    'package main',
    '',
    'import (',
    ...sortedImports.map((name) => `\t"${name}"`),
    ')',
    '',
    'func main() {',
    ...body,
    `\treq, err := http.NewRequest(${methodConstant ? `http.${methodConstant}` : goString(request.method)}, ${urlExpression}, ${bodyArg})`,
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    ...setup,
    '',
    '\tres, err := http.DefaultClient.Do(req)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tdefer res.Body.Close()',
    '\tdata, err := io.ReadAll(res.Body)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tfmt.Println(res.Status)',
    '\tfmt.Println(string(data))',
    '}',
  ].join('\n')
}
