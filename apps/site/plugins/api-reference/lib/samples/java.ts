import { type SampleRequest, sampleUrl } from './request.ts'

function javaString(text: string): string {
  return JSON.stringify(text)
}

function textBlock(text: string, indent: string): string {
  const escaped = text.replace(/\\/g, '\\\\').replace(/"""/g, '\\"""')
  return `"""\n${escaped
    .split('\n')
    .map((line) => indent + line)
    .join('\n')}\n${indent}"""`
}

export function javaSample(request: SampleRequest): string {
  const { auth } = request
  const imports = new Set([
    'java.net.URI',
    'java.net.http.HttpClient',
    'java.net.http.HttpRequest',
    'java.net.http.HttpResponse',
  ])
  const url = sampleUrl(request)
  let uri = javaString(url)
  if (auth.type === 'query') {
    imports.add('java.net.URLEncoder')
    imports.add('java.nio.charset.StandardCharsets')
    uri = `${javaString(`${url}${url.includes('?') ? '&' : '?'}${auth.name}=`)}\n                + URLEncoder.encode(System.getenv("${auth.env}"), StandardCharsets.UTF_8)`
  }
  const pre: string[] = []
  const builder: string[] = [`.uri(URI.create(${uri}))`]
  if (auth.type === 'basic') {
    imports.add('java.util.Base64')
    imports.add('java.nio.charset.StandardCharsets')
    pre.push(`String credentials = System.getenv("${auth.userEnv}") + ":" + System.getenv("${auth.passwordEnv}");`)
    builder.push(
      `.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8)))`,
    )
  }
  if (auth.type === 'bearer') builder.push(`.header("Authorization", "Bearer " + System.getenv("${auth.tokenEnv}"))`)
  if (auth.type === 'header') builder.push(`.header(${javaString(auth.name)}, System.getenv("${auth.env}"))`)
  for (const [name, value] of request.headers) builder.push(`.header(${javaString(name)}, ${javaString(value)})`)
  let publisher = 'HttpRequest.BodyPublishers.noBody()'
  if (request.body?.mediaType === 'application/json') {
    builder.push('.header("Content-Type", "application/json")')
    publisher = `HttpRequest.BodyPublishers.ofString(${textBlock(JSON.stringify(request.body.json, null, 2), '                ')})`
  } else if (request.body) {
    imports.add('java.net.URLEncoder')
    imports.add('java.nio.charset.StandardCharsets')
    builder.push('.header("Content-Type", "application/x-www-form-urlencoded")')
    const form = request.body.form
      .map(
        ([name, value]) =>
          `${javaString(`${name}=`)} + URLEncoder.encode(${javaString(value)}, StandardCharsets.UTF_8)`,
      )
      .join('\n                + "&" + ')
    publisher = `HttpRequest.BodyPublishers.ofString(\n                ${form})`
  }
  if (request.method === 'GET' && !request.body) builder.push('.GET()')
  else if (request.method === 'DELETE' && !request.body) builder.push('.DELETE()')
  else builder.push(`.method(${javaString(request.method)}, ${publisher})`)
  builder.push('.build();')
  return [
    ...[...imports].sort().map((name) => `import ${name};`),
    '',
    'public class Example {',
    '    public static void main(String[] args) throws Exception {',
    ...pre.map((line) => `        ${line}`),
    '        HttpRequest request = HttpRequest.newBuilder()',
    ...builder.map((line) => `            ${line}`),
    '        HttpResponse<String> response = HttpClient.newHttpClient()',
    '            .send(request, HttpResponse.BodyHandlers.ofString());',
    '        System.out.println(response.statusCode());',
    '        System.out.println(response.body());',
    '    }',
    '}',
  ].join('\n')
}
